import { MANAGEMENT_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search list`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  {
    flags: "--pattern <pattern>",
    description:
      "only the names this selects: a name, a template (myapp-mr-{pr}) or * for any run ('myapp-*')",
  },
] as const;

export type ListFlags = FlagValues<typeof FLAGS>;
