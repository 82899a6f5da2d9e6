import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./queues-pause.flags.ts";

export const queuesPause: CommandDeclaration<typeof FLAGS> = {
  name: "queues pause",
  description:
    "pause queues, schedules and flow-control keys; what was already paused is reported and left alone",
  flags: FLAGS,
  positional: { syntax: "[names...]", description: "queue names (commas separate too)" },
  examples: [
    "stashkit queues pause --flow-control-key tenant-a --flow-control-key tenant-b orders emails",
    "stashkit queues pause --schedule-label nightly --format json",
    "stashkit queues pause orders --format dotenv --output-file paused.env   # STASHKIT_PAUSED=[…]",
  ],
  run: apiCommand("queues pause", "messaging", () => import("./queues-pause.ts")),
};
