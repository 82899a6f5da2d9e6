import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-list.flags.ts";

export const searchList: CommandDeclaration<typeof FLAGS> = {
  name: "search list",
  description: "list search indexes (never their tokens, unless --show-secrets or --output-file)",
  flags: FLAGS,
  examples: ["stashkit search list", "stashkit search list --pattern 'myapp-mr-{pr}' --format json"],
  run: apiCommand("search list", "management", () => import("./search-list.ts")),
};
