import { apiCommand, type CommandDeclaration, type Positional } from "../command.ts";
import type { FlagValues } from "../flags.ts";
import { MESSAGING_FLAGS, TARGET_FLAGS } from "../options/flag-sets.ts";

const FLAGS = [
  ...MESSAGING_FLAGS,
  ...TARGET_FLAGS,
  {
    flags: "--only-if-paused-by <json>",
    description: "resume exactly the targets a pause reported as paused (its STASHKIT_PAUSED / paused JSON)",
  },
] as const;

export type ResumeFlags = FlagValues<typeof FLAGS> & Positional;

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
