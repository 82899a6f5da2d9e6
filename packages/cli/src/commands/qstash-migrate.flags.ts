import { COMMON_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit qstash migrate`: both regions come from the SDK's multi-region variables. */
export const FLAGS = [
  ...COMMON_FLAGS,
  { flags: "--from <region>", description: "the region to copy from: EU_CENTRAL_1 or US_EAST_1" },
  { flags: "--to <region>", description: "the region to copy to: the other one" },
  { flags: "--dry-run", description: "say what would be copied and what stays behind, send no write" },
  {
    flags: "--pause-source",
    description: "once the copy exists, pause the source region's schedules (nothing is ever deleted)",
  },
  {
    flags: "--drain",
    description:
      "then wait until the source region's queues are empty, with progress, within --timeout-seconds",
  },
] as const;

export type QStashMigrateFlags = FlagValues<typeof FLAGS>;
