import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-seed.flags.ts";

export const searchSeed: CommandDeclaration<typeof FLAGS> = {
  name: "search seed",
  aliases: ["import"],
  description:
    "write documents from JSON or NDJSON files (a search export among them) into an SDK index, batched and paced; a finished seed is not redone",
  flags: FLAGS,
  examples: [
    "stashkit search seed --name myapp-pr-{pr} --index movies --file movies.ndjson",
    "stashkit search seed --name myapp-staging --file a.json --file b.ndjson --when always",
    "stashkit search import --name myapp-staging --index movies --file movies.ndjson --when always",
  ],
  run: apiCommand("search seed", "management", () => import("./search-seed.ts")),
};
