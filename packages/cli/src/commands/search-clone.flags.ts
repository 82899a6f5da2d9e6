import { MANAGEMENT_FLAGS, PROTECT_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search clone`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  {
    flags: "--from <name>",
    description: "the source search index (database), read with its read-only token",
  },
  { flags: "--to <template>", description: "the target search index (database), e.g. myapp-pr-{pr}" },
  { flags: "--index <name>", description: "copy only this SDK index of the source" },
  { flags: "--into <template>", description: "with --index: the SDK index of the target it goes into" },
  { flags: "--when <when>", description: "created (skip a finished copy) or always", default: "created" },
  ...PROTECT_FLAGS,
] as const;

export type CloneFlags = FlagValues<typeof FLAGS>;
