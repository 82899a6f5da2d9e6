import {
  CLONE_FROM_FLAG,
  CLONE_INDEX_FLAG,
  MANAGEMENT_FLAGS,
  PROTECT_FLAGS,
  RUN_VALUE_FLAGS,
  SEED_INDEX_FLAG,
  SEED_WHEN_FLAG,
} from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search clone`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  {
    ...CLONE_FROM_FLAG,
    description: "the source search index (database), read with its read-only token",
    aliases: ["--from"],
  },
  {
    flags: "--name <template>",
    description: "the target search index (database), e.g. myapp-pr-{pr}",
    aliases: ["--to"],
  },
  { ...CLONE_INDEX_FLAG, description: "copy only this SDK index of the source", aliases: ["--index"] },
  {
    ...SEED_INDEX_FLAG,
    description: "with --clone-index: the SDK index of the target it goes into",
    aliases: ["--into"],
  },
  { ...SEED_WHEN_FLAG, description: "created (skip a finished copy) or always", aliases: ["--when"] },
  ...PROTECT_FLAGS,
] as const;

export type CloneFlags = FlagValues<typeof FLAGS>;
