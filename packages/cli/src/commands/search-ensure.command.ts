import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-ensure.flags.ts";

export const searchEnsure: CommandDeclaration<typeof FLAGS> = {
  name: "search ensure",
  description: "make sure one search index with this name exists (safe to run concurrently)",
  flags: FLAGS,
  examples: [
    "stashkit search ensure --name 'myapp-mr-{pr}' --region eu-west-1",
    "stashkit search ensure --name preview --pr 42 --format json",
    "stashkit search ensure --name 'myapp-{branch}' --format dotenv --output-file search.env",
  ],
  run: apiCommand("search ensure", "management", () => import("./search-ensure.ts")),
};
