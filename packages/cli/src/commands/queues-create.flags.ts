import { MESSAGING_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues, Positional } from "../options/flags.ts";

/** The flags of `stashkit queues create`: their value names and types are derived from here. */
export const FLAGS = [
  ...MESSAGING_FLAGS,
  {
    flags: "--parallelism <n>",
    description:
      "messages delivered at a time (1-1000); a new queue gets 1, an existing one keeps its own unless given",
  },
] as const;

export type CreateFlags = FlagValues<typeof FLAGS> & Positional;
