import { MANAGEMENT_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search list`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  { flags: "--pattern <template>", description: "only names this template matches, e.g. myapp-mr-{pr}" },
] as const;

export type ListFlags = FlagValues<typeof FLAGS>;
