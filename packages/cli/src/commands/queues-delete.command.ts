import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./queues-delete.flags.ts";

export const queuesDelete: CommandDeclaration<typeof FLAGS> = {
  name: "queues delete",
  description:
    "delete queues and the messages waiting in them (already gone counts as deleted; --dry-run first to see)",
  flags: FLAGS,
  positional: { syntax: "<names...>", description: "queue names (commas separate too)" },
  examples: ["stashkit queues delete orders-pr-12 --dry-run", "stashkit queues delete orders-pr-12"],
  run: apiCommand("queues delete", "messaging", () => import("./queues-delete.ts")),
};
