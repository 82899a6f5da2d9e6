import { MANAGEMENT_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/**
 * The flags of `stashkit search export`: their value names and types are derived from here.
 * `--output-file` is where the documents go, here as in every command where the result goes: the
 * backup is the result (one flag, so `--output-file x.ndjson` can never write an empty file while
 * the documents go to stdout). What was exported is said on stderr, or in `--format json` on stdout.
 */
export const FLAGS = [
  ...MANAGEMENT_FLAGS.filter((flag) => flag.flags !== "--output-file <path>"),
  ...RUN_VALUE_FLAGS,
  { flags: "--name <template>", description: "the search index (database) read, e.g. myapp-staging" },
  {
    flags: "--index <name>",
    description: "an SDK index to export (repeatable; default: every one holding documents)",
    repeatable: true,
  },
  {
    flags: "--output-file <path>",
    description:
      "write the NDJSON there (0600, whole or not at all) instead of stdout; {index} in it names one file per SDK index",
    aliases: ["--output"],
  },
  {
    flags: "--allow-empty",
    description: "succeed when there is nothing to export (without it, no documents is a failure: exit 1)",
  },
] as const;

export type ExportFlags = FlagValues<typeof FLAGS>;
