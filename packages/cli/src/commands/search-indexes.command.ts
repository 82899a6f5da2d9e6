import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-indexes.flags.ts";

export const searchIndexes: CommandDeclaration<typeof FLAGS> = {
  name: "search indexes",
  description: "list the SDK indexes (namespaces) of search indexes, with their document counts",
  flags: FLAGS,
  positional: { syntax: "<databases...>", description: "search index (database) names" },
  examples: ["stashkit search indexes myapp-previews", "stashkit search indexes myapp-staging --format json"],
  run: apiCommand("search indexes", "management", () => import("./search-indexes.ts")),
};
