import {
  MANAGEMENT_FLAGS,
  PROTECT_FLAGS,
  RUN_VALUE_FLAGS,
  SEED_FILE_FLAG,
  SEED_INDEX_FLAG,
  SEED_WHEN_FLAG,
} from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search seed`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  { flags: "--name <template>", description: "the search index (database) written, e.g. myapp-pr-{pr}" },
  { ...SEED_INDEX_FLAG, aliases: ["--index"] },
  { ...SEED_FILE_FLAG, aliases: ["--file"] },
  { ...SEED_WHEN_FLAG, aliases: ["--when"] },
  ...PROTECT_FLAGS,
] as const;

export type SeedFlags = FlagValues<typeof FLAGS>;
