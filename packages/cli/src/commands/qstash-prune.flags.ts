import type { FlagValues } from "../options/flags.ts";
import { DECLARATION_FLAGS, DELETE_FLAGS } from "./qstash.flags.ts";

/** The flags of `stashkit qstash prune`: those of `search prune` that say what is still open. */
export const FLAGS = [
  ...DECLARATION_FLAGS,
  ...DELETE_FLAGS,
  {
    flags: "--open-from <source>",
    description:
      "github:<owner>/<repo>: ask GitHub (GITHUB_TOKEN) which pull requests are closed; one it does not show is kept",
  },
  {
    flags: "--open [values...]",
    description: "the pull requests still open, by number; none given: nothing is open",
  },
  {
    flags: "--max-age <duration>",
    description:
      "also delete previews older than this (7d, 36h, 90m, 2w), whatever is open; alone, prune by age only",
  },
] as const;

export type QStashPruneFlags = FlagValues<typeof FLAGS>;
