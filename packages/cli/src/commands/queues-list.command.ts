import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./queues-list.flags.ts";

export const queuesList: CommandDeclaration<typeof FLAGS> = {
  name: "queues list",
  description: "list queues: parallelism, paused or active, and the messages waiting (lag)",
  flags: FLAGS,
  examples: ["stashkit queues list", "stashkit queues list --format json"],
  run: apiCommand("queues list", "messaging", () => import("./queues-list.ts")),
};
