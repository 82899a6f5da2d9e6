// The flags several commands share, declared once. This module is loaded at start-up to build
// the help, so it imports nothing: core's STEP_LIMITS owns the limits' defaults and bounds, and
// a test holds the copies in this help text to it (importing core here would load all of it,
// zod included, for every --help).

/** The flags every command that calls an API takes. */
export const COMMON_FLAGS = [
  {
    flags: "--timeout-seconds <n>",
    description: "time limit for the whole command, retries included (1-3600)",
    default: "120",
  },
  {
    flags: "--max-attempts <n>",
    description: "attempts per request, the first included (1-20)",
    default: "5",
  },
  { flags: "--format <format>", description: "text, json, dotenv or github", default: "text" },
  {
    flags: "--output-file <path>",
    description: "write the result there (created 0600) instead of stdout; tokens go only here",
  },
  {
    flags: "--show-secrets",
    description: "json/dotenv on stdout include tokens (CI logs keep stdout: prefer --output-file)",
  },
  { flags: "-q, --quiet", description: "print only warnings and errors" },
  { flags: "-v, --verbose", description: "log each request and retry on stderr" },
] as const;

/**
 * The messaging flags of a command that acts on QStash's regions: with the official SDK's
 * multi-region variables set (QSTASH_REGION, <REGION>_QSTASH_URL and _TOKEN) it acts on each
 * region; `--region` picks one.
 */
export const REGION_FLAGS = [
  {
    flags: "--region <region>",
    description:
      "EU_CENTRAL_1 or US_EAST_1: only that region (default: every region the SDK's variables QSTASH_REGION and <REGION>_QSTASH_URL/_TOKEN configure)",
  },
] as const;

export const MANAGEMENT_FLAGS = [
  ...COMMON_FLAGS,
  {
    flags: "--base-url <url>",
    description: "management API base URL (default: STASHKIT_BASE_URL, else https://api.upstash.com)",
  },
  { flags: "--email <email>", description: "account email (default: UPSTASH_EMAIL)" },
  {
    flags: "--api-key <key>",
    description: "management API key (default: UPSTASH_API_KEY; a flag shows in the process list)",
  },
] as const;

export const MESSAGING_FLAGS = [
  ...COMMON_FLAGS,
  {
    flags: "--messaging-url <url>",
    description: "messaging API base URL (default: QSTASH_URL, else https://qstash.upstash.io)",
  },
  {
    flags: "--token <token>",
    description: "messaging API token (default: QSTASH_TOKEN; a flag shows in the process list)",
  },
] as const;

/**
 * The messaging flags, with --format describing the formats of a command that writes others than
 * the usual four (a report in markdown, or fewer); its declaration's `formats` is what is checked.
 */
export function messagingFlagsWithFormat(description: string) {
  return [
    ...MESSAGING_FLAGS.filter((flag) => flag.flags !== "--format <format>"),
    { flags: "--format <format>", description, default: "text" },
  ] as const;
}

/** The values of a name template's placeholders, overriding the CI system's. */
export const RUN_VALUE_FLAGS = [
  { flags: "--pr <number>", description: "pull/merge request number for {pr} (default: from the CI system)" },
  { flags: "--branch <name>", description: "branch for {branch}" },
  { flags: "--sha <sha>", description: "commit for {sha}" },
  { flags: "--run-id <id>", description: "run/pipeline id for {run_id}" },
  { flags: "--repo <name>", description: "repository name for {repo}" },
] as const;

/**
 * What `queues pause` and `queues resume` act on, beside the positional queue names: core's
 * target selectors (TARGET_SELECTORS), whose flag names a test holds these to. Repeatable, one
 * value each (commas separate too).
 */
export const TARGET_FLAGS = [
  { flags: "--schedule-id <id>", description: "a schedule by id (repeatable)", repeatable: true },
  {
    flags: "--schedule-label <label>",
    description: "schedules by label, from one listing (repeatable)",
    repeatable: true,
  },
  {
    flags: "--destination-prefix <prefix>",
    description: "schedules whose destination starts with this (repeatable)",
    repeatable: true,
  },
  { flags: "--flow-control-key <key>", description: "a flow-control key (repeatable)", repeatable: true },
  {
    flags: "--if-missing <mode>",
    description: "fail, warn or ignore when a target does not exist (skip: the old name of warn)",
    default: "fail",
  },
] as const;

/** `--protect`: the indexes a write must never touch (core's `protectRule`, the actions' `protect`). */
export const PROTECT_FLAGS = [
  {
    flags: "--protect <pattern>",
    description:
      "an index never to write to or delete: a name, a template or a * pattern, e.g. '*-production' (repeatable)",
    repeatable: true,
  },
] as const;

// One spelling per meaning (issue 50), the ensure-search-index action's input names: every command
// that seeds, clones or names a search index says it with these flags. A command that used to
// spell one otherwise keeps that spelling as an alias (`aliases`), for the scripts that use it.

/** The files written into an SDK index. */
export const SEED_FILE_FLAG = {
  flags: "--seed-file <path>",
  description: "a JSON array or NDJSON file of {id, content, metadata?} to write (repeatable)",
  repeatable: true,
} as const;

/** The SDK index written into. */
export const SEED_INDEX_FLAG = {
  flags: "--seed-index <template>",
  description: "the SDK index (namespace) the documents go to (default: default)",
} as const;

/** Whether a finished seed is written again. */
export const SEED_WHEN_FLAG = {
  flags: "--seed-when <when>",
  description: "created (skip a finished seed) or always",
  default: "created",
} as const;

/** The search index documents are copied from, read with its read-only token. */
export const CLONE_FROM_FLAG = {
  flags: "--clone-from <name>",
  description: "copy the documents of this search index of the account (read with its read-only token)",
} as const;

/** The one SDK index of --clone-from copied. */
export const CLONE_INDEX_FLAG = {
  flags: "--clone-index <name>",
  description: "with --clone-from: copy only this SDK index",
} as const;

/** What `search ensure` fills the index with afterwards: the ensure-search-index action's seed inputs. */
export const SEED_FLAGS = [
  {
    ...SEED_FILE_FLAG,
    description:
      "after the ensure, write a JSON array or NDJSON file of {id, content, metadata?} (repeatable)",
  },
  {
    ...SEED_INDEX_FLAG,
    description: "the SDK index the documents go to (default: default; a clone keeps the source's names)",
  },
  CLONE_FROM_FLAG,
  CLONE_INDEX_FLAG,
  SEED_WHEN_FLAG,
  {
    flags: "--wait-until-indexed <bool>",
    description: "true: end when the seeded documents are searchable; false: when they are written",
    default: "true",
  },
] as const;

/** The DLQ's and the logs' filters, as the actions would name them: repeatable, any value matches. */
export const MESSAGE_FILTER_FLAGS = [
  { flags: "--label <label>", description: "only messages with this label (repeatable)", repeatable: true },
  {
    flags: "--url <url>",
    description: "only messages to this destination URL (repeatable)",
    repeatable: true,
  },
] as const;

export const QUEUE_FILTER_FLAGS = [
  { flags: "--queue <name>", description: "only messages of this queue (repeatable)", repeatable: true },
] as const;
