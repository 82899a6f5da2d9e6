import { MESSAGING_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/**
 * The flags of `stashkit qstash export`. `--output-file` is where the declaration goes, as
 * `search export`'s documents: the file is the result, so one flag says where it goes (`--output`
 * is its alias). What was written, and the variables to set, are said on stdout.
 */
export const FLAGS = [
  ...MESSAGING_FLAGS.filter((flag) => flag.flags !== "--output-file <path>"),
  {
    flags: "--env <name>",
    description: "the environment the file declares (plan --env <name> then shows no change)",
  },
  {
    flags: "--output-file <path>",
    description: "write the declaration there (.json: JSON, else YAML) instead of stdout",
    aliases: ["--output"],
  },
] as const;

export type QStashExportFlags = FlagValues<typeof FLAGS>;
