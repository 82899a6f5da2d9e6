import { MESSAGING_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit qstash export`. */
export const FLAGS = [
  ...MESSAGING_FLAGS,
  {
    flags: "--env <name>",
    description: "the environment the file declares (plan --env <name> then shows no change)",
  },
  {
    flags: "--output <file>",
    description: "write the declaration there (.json: JSON, else YAML) instead of stdout",
  },
] as const;

export type QStashExportFlags = FlagValues<typeof FLAGS>;
