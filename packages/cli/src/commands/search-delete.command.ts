import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-delete.flags.ts";

export const searchDelete: CommandDeclaration<typeof FLAGS> = {
  name: "search delete",
  description: "delete every index with this name, or one index by id (already gone counts as deleted)",
  flags: FLAGS,
  examples: ["stashkit search delete --name 'myapp-mr-{pr}'", "stashkit search delete --id 3f2a… --dry-run"],
  run: apiCommand("search delete", "management", () => import("./search-delete.ts")),
};
