import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-prune.flags.ts";

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
