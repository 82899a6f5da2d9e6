import {
  MESSAGE_FILTER_FLAGS,
  MESSAGING_FLAGS,
  QUEUE_FILTER_FLAGS,
  REGION_FLAGS,
} from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit dlq list`: their value names and types are derived from here. */
export const LIST_FLAGS = [
  ...MESSAGING_FLAGS,
  ...REGION_FLAGS,
  ...MESSAGE_FILTER_FLAGS,
  ...QUEUE_FILTER_FLAGS,
] as const;

/** The flags of `stashkit dlq retry` and `dlq delete`: a filter or --all, and --dry-run. */
export const ACT_FLAGS = [
  ...LIST_FLAGS,
  { flags: "--all", description: "every message of the DLQ (no filter is never taken to mean all)" },
  { flags: "--dry-run", description: "list what would be retried or deleted, change nothing" },
] as const;

export type DlqListFlags = FlagValues<typeof LIST_FLAGS>;
export type DlqActFlags = FlagValues<typeof ACT_FLAGS>;
