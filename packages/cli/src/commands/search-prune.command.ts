import { apiCommand, type CommandDeclaration } from "../command.ts";
import type { FlagValues } from "../flags.ts";
import { MANAGEMENT_FLAGS } from "../options/flag-sets.ts";

const FLAGS = [
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

export const searchPrune: CommandDeclaration<typeof FLAGS> = {
  name: "search prune",
  description: "delete the indexes whose pull request (or other value) is no longer open",
  flags: FLAGS,
  examples: [
    "stashkit search prune --pattern 'myapp-mr-{pr}' --open $(glab mr list --json iid -q '.[].iid')",
    "stashkit search prune --pattern 'myapp-pr-{pr}' --open-from github:acme/app --dry-run",
    "stashkit search prune --pattern 'myapp-{branch}' --open main release-2",
  ],
  run: apiCommand("search prune", "management", () => import("./search-prune.ts")),
};
