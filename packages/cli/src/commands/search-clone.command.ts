import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./search-clone.flags.ts";

export const searchClone: CommandDeclaration<typeof FLAGS> = {
  name: "search clone",
  description: "copy the SDK indexes of one search index into another, streamed page by page",
  flags: FLAGS,
  examples: [
    "stashkit search clone --from myapp-staging --to myapp-pr-{pr}",
    "stashkit search clone --from myapp-staging --to myapp-previews --index movies --into movies-pr-{pr}",
  ],
  run: apiCommand("search clone", "management", () => import("./search-clone.ts")),
};
