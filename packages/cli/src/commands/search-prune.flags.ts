import { MANAGEMENT_FLAGS, PROTECT_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search prune`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  {
    flags: "--pattern <template>",
    description: "name template with {pr} (or one other placeholder), e.g. myapp-mr-{pr}",
  },
  {
    flags: "--open [values...]",
    description: "the values still in use, e.g. open merge request numbers; none given: nothing is open",
  },
  {
    flags: "--open-from <source>",
    description:
      "github:<owner>/<repo>: ask GitHub (GITHUB_TOKEN) which pull requests are closed; one it does not show is kept",
  },
  {
    flags: "--max-age <duration>",
    description:
      "also delete what matches and is older than this (7d, 36h, 90m, 2w), whatever is open; alone, prune by age only",
  },
  {
    flags: "--name <template>",
    description: "prune the SDK indexes inside this search index (database) instead of whole indexes",
  },
  { flags: "--dry-run", description: "say what would be deleted and why, delete nothing" },
  ...PROTECT_FLAGS,
] as const;

export type PruneFlags = FlagValues<typeof FLAGS>;
