import { MESSAGING_FLAGS, REGION_FLAGS, TARGET_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues, Positional } from "../options/flags.ts";

/** The flags of `stashkit queues pause`: their value names and types are derived from here. */
export const FLAGS = [...MESSAGING_FLAGS, ...REGION_FLAGS, ...TARGET_FLAGS] as const;

export type PauseFlags = FlagValues<typeof FLAGS> & Positional;
