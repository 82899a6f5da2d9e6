import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./queues-resume.flags.ts";

export const queuesResume: CommandDeclaration<typeof FLAGS> = {
  name: "queues resume",
  description: "resume queues, schedules and flow-control keys and read each back; every one is tried",
  flags: FLAGS,
  positional: { syntax: "[names...]", description: "queue names (commas separate too)" },
  examples: [
    "stashkit queues resume orders",
    "stashkit queues resume orders,emails --schedule-id scd_123 --if-missing warn --format json",
    'stashkit queues resume --only-if-paused-by "$STASHKIT_PAUSED"   # only what the pause paused',
  ],
  run: apiCommand("queues resume", "messaging", () => import("./queues-resume.ts")),
};
