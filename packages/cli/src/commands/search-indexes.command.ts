import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-indexes.flags.ts";

export const searchIndexes: CommandDeclaration<typeof FLAGS> = {
  name: "search indexes",
  description: "list the SDK indexes (namespaces) of search indexes, with their document counts",
  flags: FLAGS,
  positional: {
    syntax: "[databases...]",
    description: "search index names, as --name gives them (the older form)",
  },
  examples: [
    "stashkit search indexes --name myapp-previews",
    "stashkit search indexes --name myapp-staging --name myapp-prod --format json",
  ],
  run: apiCommand("search indexes", "management", () => import("./search-indexes.ts")),
};
