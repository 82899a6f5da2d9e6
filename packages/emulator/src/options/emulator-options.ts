import { z } from "zod";
import { REGION_NAMES } from "../regions/region-names.ts";
import { limitOptions, option } from "./option-info.ts";
import { SETTINGS } from "./setting-declarations.ts";

export { type OptionInfo, optionInfo } from "./option-info.ts";
export type { ManagementErrorStyle } from "./setting-declarations.ts";

const account = z.object({ email: z.string(), apiKey: z.string() });
export type Account = z.infer<typeof account>;

/**
 * Every option of the emulator, declared once: its type, its flag, its help text, its
 * environment variable and the setting it starts. `EmulatorOptions`, the settings at start,
 * `stashkit-emulator`'s flags and help, and the CLI's `emulator` command all derive from it.
 */
export const emulatorOptions = z.object({
  port: option(z.int().min(0).max(65535), {
    flag: "port",
    value: "N",
    cliDefault: "8787",
    help: "port to listen on (0 picks a free one; from code the default is 0)",
  }),
  host: option(z.string().min(1), {
    flag: "host",
    value: "H",
    cliDefault: "127.0.0.1",
    help: "address to bind",
  }),
  messagingTokens: option(z.array(z.string()), {
    flag: "token",
    value: "T",
    help: "messaging Bearer token to accept (repeatable)",
  }),
  regions: option(z.array(z.enum(REGION_NAMES)), {
    flag: "regions",
    value: "R,R",
    help: "run QStash's regions side by side (EU_CENTRAL_1, US_EAST_1), each with its own token, signing keys and state, served under /eu-central-1 and /us-east-1; the first is the default, also served at the root, and takes --token and the signing keys given. Without it: one region, as before",
  }),
  messagingReadOnlyTokens: option(z.array(z.string().min(1)), {
    flag: "read-only-token",
    value: "T",
    help: "messaging Bearer token that reads but cannot write, as the service's read-only token: a write with it answers 403 (repeatable; the first is printed as QSTASH_READ_ONLY_TOKEN; default a public one beside the public default token, else a new one at each start)",
  }),
  qstashDev: option(z.boolean(), {
    flag: "qstash-dev",
    help: "stand in for QStash's local dev server: its public token and signing keys (what @upstash/qstash uses when QSTASH_DEV=true), on port 8080 unless --port or $QSTASH_DEV_PORT, so an app in dev mode uses this emulator with no change",
  }),
  plan: option(z.enum(["free", "payg", "pro"]), {
    flag: "plan",
    value: "PLAN",
    help: "free | payg | pro: refuse what that plan's published limits refuse (delay, message size, retries, timeout, requests per day), as the service answers it; off by default",
  }),
  accounts: option(z.array(account), {
    flag: "account",
    value: "EMAIL:KEY",
    help: "management account to accept (repeatable); each sees only its own indexes",
  }),
  duplicateNames: option(SETTINGS.duplicateNames.schema, {
    setting: "duplicateNames",
    flag: "duplicates",
    value: "MODE",
    cliDefault: "allow",
    help: "allow | reject duplicate index names",
  }),
  duplicateStatus: option(SETTINGS.duplicateStatus.schema, {
    setting: "duplicateStatus",
    help: "status used to reject a duplicate index name (the real one is undocumented)",
  }),
  managementErrorStyle: option(SETTINGS.managementErrorStyle.schema, {
    setting: "managementErrorStyle",
    help: "how the management API words its errors; the real API has been seen to use each",
  }),
  latency: z
    .object({
      fixedMs: option(SETTINGS.latencyMs.schema, {
        setting: "latencyMs",
        flag: "latency",
        value: "MS",
        cliDefault: "0",
        help: "added to every API request",
      }),
      jitterMs: option(SETTINGS.jitterMs.schema, {
        setting: "jitterMs",
        flag: "jitter",
        value: "MS",
        cliDefault: "0",
        help: "random extra latency, 0..MS",
      }),
    })
    .optional(),
  createDelayMs: option(SETTINGS.createDelayMs.schema, {
    setting: "createDelayMs",
    flag: "create-delay",
    value: "MS",
    cliDefault: "0",
    help: "pause inside index create, between the name check and the insert",
  }),
  rateLimit: z
    .object({
      messaging: option(SETTINGS.messagingRateLimit.schema, {
        setting: "messagingRateLimit",
        flag: "messaging-rate-limit",
        value: "N",
        cliDefault: "0",
        help: "requests per second the messaging API serves (fixed 1-second windows); the rest answer 429 with Retry-After (0: no limit)",
      }),
      management: option(SETTINGS.managementRateLimit.schema, {
        setting: "managementRateLimit",
        flag: "management-rate-limit",
        value: "N",
        cliDefault: "0",
        help: "the same for the management API",
      }),
    })
    .optional(),
  search: z
    .object({
      endpoint: option(SETTINGS.searchEndpoint.schema, {
        setting: "searchEndpoint",
        flag: "search-endpoint",
        value: "FORM",
        cliDefault: "url",
        help: "how the management API gives an index's endpoint: url (http://HOST:PORT/search/NAME, this emulator's data plane for the index, so the rest-url derived from it reaches the emulator) or name (the bare name, as the service gives it)",
      }),
      indexingDelayMs: option(SETTINGS.searchIndexingDelayMs.schema, {
        setting: "searchIndexingDelayMs",
        flag: "search-indexing-delay",
        value: "MS",
        cliDefault: "0",
        help: "how long an upserted search document stays pending (not found by search) on the emulator's clock",
      }),
      rateLimits: option(SETTINGS.searchRateLimits.schema, {
        setting: "searchRateLimits",
        flag: "search-rate-limits",
        value: "MODE",
        cliDefault: "off",
        help: "off | index: each index's max_query_per_second and max_writes_per_second answer 429 beyond them",
      }),
    })
    .optional(),
  dataFile: option(z.string(), {
    flag: "data-file",
    value: "PATH",
    help: "keep the state in this SQLite file (made if missing) and load it at start; every acknowledged change is on disk before its answer. A JSON data file of an earlier emulator is copied into PATH.db first. A file that is not an emulator's, from a newer emulator, or in use by another emulator stops the start",
  }),
  importFile: option(z.string().min(1), {
    flag: "import",
    value: "PATH",
    help: "start from a snapshot (written by --export-on-exit, `stashkit-emulator export` or GET /__stashkit/export; a data file loads too); with --data-file the snapshot replaces what the file held",
  }),
  exportOnExit: option(z.string().min(1), {
    flag: "export-on-exit",
    value: "PATH",
    help: "write a snapshot of the whole state there when the emulator stops (SIGINT, SIGTERM, or stop() from code)",
  }),
  seedFile: option(z.string().min(1), {
    flag: "seed",
    value: "PATH",
    help: "a JSON or YAML fixture (queues, schedules, search indexes with documents) applied at start through the APIs; a bad one stops the start naming its line",
  }),
  searchIndexes: option(z.array(z.string().min(1)), {
    flag: "search-index",
    value: "NAME",
    help: "make sure a search index of this name exists at start, for the first account (repeatable; made in us-central1 on the free plan, what `stashkit search ensure` asks for by default); the first one's UPSTASH_SEARCH_REST_URL and UPSTASH_SEARCH_REST_TOKEN are printed with the other variables, so Search.fromEnv() reaches it",
  }),
  controlToken: option(z.string().min(1), {
    flag: "control-token",
    value: "T",
    env: "STASHKIT_EMULATOR_CONTROL_TOKEN",
    help: "let non-loopback clients use /__stashkit/* with the header x-stashkit-control-token: T (then every control request needs it)",
  }),
  allowedHosts: option(z.array(z.string().min(1)), {
    flag: "allowed-host",
    value: "H",
    help: "also answer requests whose Host header names H (e.g. a compose service name; repeatable). Without it only localhost, IP addresses and the bound address are answered, which stops DNS rebinding; * answers any Host",
  }),
  allowedOrigins: option(z.array(z.string().min(1)), {
    flag: "allowed-origin",
    value: "ORIGIN",
    help: "let pages from ORIGIN (e.g. http://localhost:3000) call the emulated APIs from a browser (repeatable); other sites' pages are refused. The control API and the inspector refuse them still",
  }),
  allowedDestinations: option(z.array(z.string().min(1)), {
    flag: "allowed-destination",
    value: "D",
    help: "deliver only to these origins (https://app:8443) or host names (app), repeatable; others go to the DLQ at once. Without it a delivery reaches anything this machine can, except the emulator's own /__stashkit/*",
  }),
  maxDeliveriesPerDestination: option(z.int().min(1), {
    flag: "max-deliveries-per-destination",
    value: "N",
    cliDefault: "100",
    help: "requests open at once to one destination (scheme, host, port); the rest wait their turn",
  }),
  maxDeliveries: option(z.int().min(1), {
    flag: "max-deliveries",
    value: "N",
    cliDefault: "1000",
    help: "requests open at once to all destinations together",
  }),
  requestLogLimit: option(z.int().min(1), {
    flag: "request-log-limit",
    value: "N",
    cliDefault: "10000",
    help: "requests the request log keeps (the oldest half is dropped when it is full)",
  }),
  signingKeys: z
    .object({
      current: option(z.string(), {
        flag: "current-signing-key",
        value: "K",
        env: "QSTASH_CURRENT_SIGNING_KEY",
        help: "key to sign deliveries with (else kept in the data file, else a new one)",
      }),
      next: option(z.string(), {
        flag: "next-signing-key",
        value: "K",
        env: "QSTASH_NEXT_SIGNING_KEY",
        help: "the next signing key (the same fallbacks)",
      }),
    })
    .optional(),
  retryBackoffScale: option(z.number().min(0), {
    flag: "retry-backoff-scale",
    value: "X",
    cliDefault: "1",
    help: "multiply the documented retry backoff (12 s, 2 min 28 s, 30 min…); 0.001 makes the first retry wait 12 ms",
  }),
  deliveryTimeoutMs: option(z.int().min(1), {
    help: "longest a destination may take when a message sets no Upstash-Timeout (default 15 min)",
  }),
  limits: limitOptions({
    keptDeliveries: "deliveries remembered for emulator.delivered and GET /__stashkit/delivered",
    keptEvents: "message events kept for GET /v2/events and /v2/logs",
    keptEndedRuns: "ended workflow runs kept for the logs, with their steps",
    keptDlq: "DLQ entries kept; past it the oldest go",
    keptDlqBytes: "the DLQ's entries kept in all, in bytes; past it the oldest go",
    keptSchedules: "schedules kept; past it the oldest go",
    keptScheduleBytes: "the schedules kept in all, in bytes; past it the oldest go",
    waitsPerRun: "events one workflow run may wait for at once; past it a wait is refused with 400",
    waits: "waits open at once, all runs together; past it a wait is refused with 400",
    notificationsPerRun: "events notified to a run before it waited for them, kept per run",
    notifications: "the same, kept in all",
    notificationBytes: "the same events' data kept in all, in bytes",
    indexes: "search indexes in all; past it a create or a seed is refused with 400",
    documents: "search documents in all indexes; past it an upsert is refused with 400",
    namespaces: "search namespaces in all indexes; past it an upsert is refused with 400",
    messages: "messages waiting in all; past it a publish, enqueue or batch is refused with 400",
    runs: "workflow runs running at once; past it a trigger is refused with 400",
    typoWords:
      "distinct words held in memory for typo tolerance, all namespaces; a namespace with more is searched without it",
  }),
  log: option(
    z.custom<(line: string) => void>((value) => typeof value === "function", "log must be a function"),
    {
      help: "where notices go, one line each (a bound that starts dropping data, a data file migrated); default stderr",
    },
  ),
});

export type EmulatorOptions = z.input<typeof emulatorOptions>;
export type MessagingOptions = Pick<
  EmulatorOptions,
  | "retryBackoffScale"
  | "signingKeys"
  | "deliveryTimeoutMs"
  | "allowedDestinations"
  | "maxDeliveriesPerDestination"
  | "maxDeliveries"
  | "plan"
>;

export const DEFAULT_MESSAGING_TOKEN = "stashkit-emulator-qstash-token";
/** The read-only token handed out beside it (the service's `read_only_token`). */
export const DEFAULT_MESSAGING_READ_ONLY_TOKEN = "stashkit-emulator-qstash-read-only-token";
export const DEFAULT_ACCOUNT: Account = { email: "dev@stashkit.local", apiKey: "stashkit-emulator-api-key" };
