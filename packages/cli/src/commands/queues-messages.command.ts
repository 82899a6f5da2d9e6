import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./queues-messages.flags.ts";

export const queuesMessages: CommandDeclaration<typeof FLAGS> = {
  name: "queues messages",
  description: "list a queue's messages still waiting, in delivery or between retries (from its logs)",
  flags: FLAGS,
  positional: { syntax: "<name>", description: "the queue" },
  examples: [
    "stashkit queues messages orders",
    "stashkit queues messages orders --label billing --format json",
    "stashkit queues messages orders --all",
  ],
  run: apiCommand("queues messages", "messaging", () => import("./queues-messages.ts")),
};
