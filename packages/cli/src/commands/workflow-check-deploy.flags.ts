import { messagingFlagsWithFormat } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit workflow check-deploy`: their value names and types are derived from here. */
export const FLAGS = [
  // A report, not values to hand over: text, json, or markdown for a job summary.
  ...messagingFlagsWithFormat("text, json or markdown (a job summary)"),
  {
    flags: "--url <url>",
    description: "the deployed workflow's URL: the runs in flight started at it are checked",
  },
  {
    flags: "--app-url <url>",
    description:
      "the new build's workflow endpoint, running locally (e.g. http://127.0.0.1:3000/api/workflow)",
  },
  {
    flags: "--stand-in-port <port>",
    description:
      "where the check stands in for QStash on 127.0.0.1: start the new build with QSTASH_URL=http://127.0.0.1:<port>",
    default: "8790",
  },
  { flags: "--max-runs <n>", description: "runs checked at most, newest first (1-1000)", default: "100" },
  {
    flags: "--app-wait-seconds <n>",
    description: "how long to wait for the new build to listen (1-600)",
    default: "60",
  },
] as const;

export type WorkflowCheckDeployFlags = FlagValues<typeof FLAGS>;
