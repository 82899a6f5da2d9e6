import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-export.flags.ts";

export const searchExport: CommandDeclaration<typeof FLAGS> = {
  name: "search export",
  description:
    "back up SDK indexes as NDJSON ({id, content, metadata?} a line), streamed with its read-only token; search seed (or search import) reads it back",
  flags: FLAGS,
  positional: { syntax: "[name]", description: "the search index, as --name gives it (the older form)" },
  examples: [
    "stashkit search export --name myapp-staging --index movies --output-file movies.ndjson",
    "stashkit search export --name myapp-staging --output-file 'backup-{index}.ndjson'",
    "stashkit search seed --name myapp-restore --seed-index movies --seed-file movies.ndjson",
  ],
  // The documents are what --output-file receives; what was exported goes to stdout or stderr.
  run: apiCommand("search export", "management", () => import("./search-export.ts"), { outputFile: "data" }),
};
