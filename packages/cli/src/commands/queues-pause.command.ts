import { apiCommand, type CommandDeclaration, type Positional } from "../command.ts";
import type { FlagValues } from "../flags.ts";
import { MESSAGING_FLAGS, TARGET_FLAGS } from "../options/flag-sets.ts";

const FLAGS = [...MESSAGING_FLAGS, ...TARGET_FLAGS] as const;

export type PauseFlags = FlagValues<typeof FLAGS> & Positional;

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
