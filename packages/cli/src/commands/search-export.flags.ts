import { MANAGEMENT_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search export`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  {
    flags: "--index <name>",
    description: "an SDK index to export (repeatable; default: every one holding documents)",
    repeatable: true,
  },
  {
    flags: "--output <path>",
    description:
      "write the NDJSON there (0600, whole or not at all) instead of stdout; {index} in it names one file per SDK index",
  },
] as const;

export type ExportFlags = FlagValues<typeof FLAGS>;
