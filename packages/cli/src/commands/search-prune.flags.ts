import { MANAGEMENT_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search prune`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
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
  { flags: "--dry-run", description: "say what would be deleted, delete nothing" },
] as const;

export type PruneFlags = FlagValues<typeof FLAGS>;
