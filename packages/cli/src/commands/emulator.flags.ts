import type { FlagValues } from "../options/flags.ts";

/**
 * The flags of `stashkit emulator`: every command-line option the emulator declares
 * (`declaredOptions()` in @stashkit/emulator), written out here because `--help` must not load the
 * emulator and zod. test/emulator-flags.test.ts holds this list equal to the declaration (flag,
 * value name, help, default, repeatable), so an option added there fails the CLI's tests until it
 * is added here.
 */
// size: table
export const FLAGS = [
  {
    flags: "--port <N>",
    description: "port to listen on (0 picks a free one; from code the default is 0)",
    default: "8787",
  },
  { flags: "--host <H>", description: "address to bind", default: "127.0.0.1" },
  { flags: "--token <T>", description: "messaging Bearer token to accept (repeatable)", repeatable: true },
  {
    flags: "--account <EMAIL:KEY>",
    description: "management account to accept (repeatable); each sees only its own indexes",
    repeatable: true,
  },
  { flags: "--duplicates <MODE>", description: "allow | reject duplicate index names", default: "allow" },
  { flags: "--latency <MS>", description: "added to every API request", default: "0" },
  { flags: "--jitter <MS>", description: "random extra latency, 0..MS", default: "0" },
  {
    flags: "--create-delay <MS>",
    description: "pause inside index create, between the name check and the insert",
    default: "0",
  },
  {
    flags: "--messaging-rate-limit <N>",
    description:
      "requests per second the messaging API serves (fixed 1-second windows); the rest answer 429 with Retry-After (0: no limit)",
    default: "0",
  },
  { flags: "--management-rate-limit <N>", description: "the same for the management API", default: "0" },
  {
    flags: "--search-endpoint <FORM>",
    description:
      "how the management API gives an index's endpoint: url (http://HOST:PORT/search/NAME, this emulator's data plane for the index, so the rest-url derived from it reaches the emulator) or name (the bare name, as the service gives it)",
    default: "url",
  },
  {
    flags: "--search-indexing-delay <MS>",
    description:
      "how long an upserted search document stays pending (not found by search) on the emulator's clock",
    default: "0",
  },
  {
    flags: "--search-rate-limits <MODE>",
    description:
      "off | index: each index's max_query_per_second and max_writes_per_second answer 429 beyond them",
    default: "off",
  },
  {
    flags: "--data-file <PATH>",
    description:
      "keep the state in this SQLite file (made if missing) and load it at start; every acknowledged change is on disk before its answer. A JSON data file of an earlier emulator is copied into PATH.db first. A file that is not an emulator's, from a newer emulator, or in use by another emulator stops the start",
  },
  {
    flags: "--import <PATH>",
    description:
      "start from a snapshot (written by --export-on-exit, `stashkit-emulator export` or GET /__stashkit/export; a data file loads too); with --data-file the snapshot replaces what the file held",
  },
  {
    flags: "--export-on-exit <PATH>",
    description:
      "write a snapshot of the whole state there when the emulator stops (SIGINT, SIGTERM, or stop() from code)",
  },
  {
    flags: "--seed <PATH>",
    description:
      "a JSON or YAML fixture (queues, schedules, search indexes with documents) applied at start through the APIs; a bad one stops the start naming its line",
  },
  {
    flags: "--search-index <NAME>",
    description:
      "make sure a search index of this name exists at start, for the first account (repeatable); the first one's UPSTASH_SEARCH_REST_URL and UPSTASH_SEARCH_REST_TOKEN are printed with the other variables, so Search.fromEnv() reaches it",
    repeatable: true,
  },
  {
    flags: "--control-token <T>",
    description:
      "let non-loopback clients use /__stashkit/* with the header x-stashkit-control-token: T (then every control request needs it)",
  },
  {
    flags: "--allowed-host <H>",
    description:
      "also answer requests whose Host header names H (e.g. a compose service name; repeatable). Without it only localhost, IP addresses and the bound address are answered, which stops DNS rebinding; * answers any Host",
    repeatable: true,
  },
  {
    flags: "--allowed-origin <ORIGIN>",
    description:
      "let pages from ORIGIN (e.g. http://localhost:3000) call the emulated APIs from a browser (repeatable); other sites' pages are refused. The control API and the inspector refuse them still",
    repeatable: true,
  },
  {
    flags: "--allowed-destination <D>",
    description:
      "deliver only to these origins (https://app:8443) or host names (app), repeatable; others go to the DLQ at once. Without it a delivery reaches anything this machine can, except the emulator's own /__stashkit/*",
    repeatable: true,
  },
  {
    flags: "--max-deliveries-per-destination <N>",
    description: "requests open at once to one destination (scheme, host, port); the rest wait their turn",
    default: "100",
  },
  {
    flags: "--max-deliveries <N>",
    description: "requests open at once to all destinations together",
    default: "1000",
  },
  {
    flags: "--request-log-limit <N>",
    description: "requests the request log keeps (the oldest half is dropped when it is full)",
    default: "10000",
  },
  {
    flags: "--current-signing-key <K>",
    description: "key to sign deliveries with (else kept in the data file, else a new one)",
  },
  { flags: "--next-signing-key <K>", description: "the next signing key (the same fallbacks)" },
  {
    flags: "--retry-backoff-scale <X>",
    description:
      "multiply the documented retry backoff (12 s, 2 min 28 s, 30 min…); 0.001 makes the first retry wait 12 ms",
    default: "1",
  },
] as const;

export type EmulatorCommandFlags = FlagValues<typeof FLAGS>;
