import { MANAGEMENT_FLAGS, PROTECT_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search delete`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  { flags: "--name <template>", description: "index name template" },
  { flags: "--id <id>", description: "index id" },
  { flags: "--dry-run", description: "say what would be deleted, delete nothing" },
  ...PROTECT_FLAGS,
] as const;

export type DeleteFlags = FlagValues<typeof FLAGS>;
