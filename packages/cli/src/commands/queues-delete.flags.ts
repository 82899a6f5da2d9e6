import { MESSAGING_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues, Positional } from "../options/flags.ts";

/** The flags of `stashkit queues delete`: their value names and types are derived from here. */
export const FLAGS = [
  ...MESSAGING_FLAGS,
  { flags: "--dry-run", description: "say what would be deleted, delete nothing" },
] as const;

export type QueuesDeleteFlags = FlagValues<typeof FLAGS> & Positional;
