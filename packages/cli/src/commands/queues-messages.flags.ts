import { MESSAGE_FILTER_FLAGS, MESSAGING_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit queues messages`: their value names and types are derived from here. */
export const FLAGS = [
  ...MESSAGING_FLAGS,
  ...MESSAGE_FILTER_FLAGS,
  { flags: "--all", description: "also the messages delivered, failed or cancelled (as far as the logs go)" },
] as const;

export type QueuesMessagesFlags = FlagValues<typeof FLAGS>;
