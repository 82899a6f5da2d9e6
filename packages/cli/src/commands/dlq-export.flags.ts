import type { FlagValues } from "../options/flags.ts";
import { LIST_FLAGS } from "./dlq.flags.ts";
import { KEEP_HEADERS_FLAG } from "./replay.flags.ts";

/** The flags of `stashkit dlq export`: the DLQ's filters, the secret headers to keep, the file. */
export const FLAGS = [
  ...LIST_FLAGS,
  KEEP_HEADERS_FLAG,
  {
    flags: "--output <path>",
    description: "write the NDJSON there (0600, whole or not at all) instead of stdout",
  },
] as const;

export type DlqExportFlags = FlagValues<typeof FLAGS>;
