import { MESSAGING_FLAGS, REGION_FLAGS, TARGET_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues, Positional } from "../options/flags.ts";

/** The flags of `stashkit queues resume`: their value names and types are derived from here. */
export const FLAGS = [
  ...MESSAGING_FLAGS,
  ...REGION_FLAGS,
  ...TARGET_FLAGS,
  {
    flags: "--only-if-paused-by <json>",
    description: "resume exactly the targets a pause reported as paused (its STASHKIT_PAUSED / paused JSON)",
  },
] as const;

export type ResumeFlags = FlagValues<typeof FLAGS> & Positional;
