import { messagingFlagsWithFormat } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit doctor`: their value names and types are derived from here. */
export const FLAGS = [
  ...messagingFlagsWithFormat("text or json"),
  {
    flags: "--probe <url>",
    description:
      "send one message through QStash to this endpoint (no retries) and report its delivery; then send it a forged signature directly",
  },
  {
    flags: "--probe-wait-seconds <n>",
    description: "how long to wait for the probe's delivery (1-600)",
    default: "60",
  },
  {
    flags: "--run <id>",
    description: "say why this workflow run is not moving (logs, next steps, run state)",
  },
  {
    flags: "--message <id>",
    description: "say why this message is not moving (its logs, queue, flow-control key)",
  },
] as const;

export type DoctorFlags = FlagValues<typeof FLAGS>;
