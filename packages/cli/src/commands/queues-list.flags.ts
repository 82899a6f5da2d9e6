import { MESSAGING_FLAGS, REGION_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit queues list`: their value names and types are derived from here. */
export const FLAGS = [...MESSAGING_FLAGS, ...REGION_FLAGS] as const;

export type QueuesListFlags = FlagValues<typeof FLAGS>;
