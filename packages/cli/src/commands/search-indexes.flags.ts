import { MANAGEMENT_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search indexes`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  {
    flags: "--name <name>",
    description: "a search index (database) whose SDK indexes are listed (repeatable)",
    repeatable: true,
  },
] as const;

export type IndexesFlags = FlagValues<typeof FLAGS>;
