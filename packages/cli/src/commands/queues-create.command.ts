import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./queues-create.flags.ts";

export const queuesCreate: CommandDeclaration<typeof FLAGS> = {
  name: "queues create",
  description:
    "create queues, or set the parallelism of existing ones (an upsert); an existing queue stays paused or active",
  flags: FLAGS,
  positional: { syntax: "<names...>", description: "queue names (commas separate too)" },
  examples: ["stashkit queues create orders", "stashkit queues create orders emails --parallelism 4"],
  run: apiCommand("queues create", "messaging", () => import("./queues-create.ts")),
};
