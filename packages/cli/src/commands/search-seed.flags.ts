import { MANAGEMENT_FLAGS, PROTECT_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search seed`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  { flags: "--name <template>", description: "the search index (database) written, e.g. myapp-pr-{pr}" },
  { flags: "--index <template>", description: "the SDK index (namespace) written (default: default)" },
  {
    flags: "--file <path>",
    description: "a JSON array or NDJSON file of {id, content, metadata?}; repeat for several",
    repeatable: true,
  },
  { flags: "--when <when>", description: "created (skip a finished seed) or always", default: "created" },
  ...PROTECT_FLAGS,
] as const;

export type SeedFlags = FlagValues<typeof FLAGS>;
