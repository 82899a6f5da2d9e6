import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-export.flags.ts";

export const searchExport: CommandDeclaration<typeof FLAGS> = {
  name: "search export",
  description:
    "back up SDK indexes as NDJSON ({id, content, metadata?} a line), streamed with its read-only token; search seed (or search import) reads it back",
  flags: FLAGS,
  positional: { syntax: "<name>", description: "the search index (database), e.g. myapp-staging" },
  examples: [
    "stashkit search export myapp-staging --index movies --output movies.ndjson",
    "stashkit search export myapp-staging --output 'backup-{index}.ndjson'",
    "stashkit search seed --name myapp-restore --index movies --file movies.ndjson",
  ],
  run: apiCommand("search export", "management", () => import("./search-export.ts")),
};
