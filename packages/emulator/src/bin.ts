#!/usr/bin/env node
import { rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type Fault, parseFaultSpec } from "./faults/fault.ts";
import { startEmulator } from "./server.ts";
import { InvalidSettingError } from "./settings.ts";
import { DataFileError } from "./state/data-file-error.ts";

const CONTROL_TOKEN_ENV = "STASHKIT_EMULATOR_CONTROL_TOKEN";

const HELP = `stashkit-emulator: a local messaging + management API server for tests and dry runs

Usage: stashkit-emulator [options]

  --port N              port to listen on (default 8787; 0 picks a free one)
  --host H              address to bind (default 127.0.0.1)
  --token T             messaging Bearer token to accept (repeatable)
  --account EMAIL:KEY   management account to accept (repeatable)
  --duplicates MODE     allow | reject duplicate index names (default allow)
  --latency MS          added to every API request (default 0)
  --jitter MS           random extra latency, 0..MS (default 0)
  --create-delay MS     pause inside index create, between the name check and the insert
  --messaging-rate-limit N   requests per second the messaging API serves (fixed 1-second
                        windows); the rest answer 429 with Retry-After (default 0: no limit)
  --management-rate-limit N  the same for the management API
  --data-file PATH      persist state there; every acknowledged change is written first.
                        A file that is not JSON or not emulator state stops the start (exit 2)
  --control-token T     let non-loopback clients use /__stashkit/* with the header
                        x-stashkit-control-token: T (then every control request needs it);
                        or set ${CONTROL_TOKEN_ENV}, which keeps it out of the process list
  --current-signing-key K, --next-signing-key K
                        keys to sign deliveries with (default: $QSTASH_CURRENT_SIGNING_KEY and
                        $QSTASH_NEXT_SIGNING_KEY, else kept in the data file, else new ones)
  --retry-backoff-scale X
                        multiply the documented retry backoff (12 s, 2 min 28 s, …); default 1
  --pid-file PATH       write this process's id there once listening (removed on a clean stop),
                        so a later CI step can stop it even when started through npx
  --fault ROUTE=SPECS   e.g. --fault "POST /v2/search=503,503" (SPEC: status[:header=value],
                        html, malformed-json, reset, hang); repeatable
  -h, --help            this text
`;

// `pnpm emulator -- --port 1` passes the "--" through; skip it.
const args = process.argv.slice(2);
if (args[0] === "--") args.shift();

function parseCommandLine() {
  try {
    return parseArgs({
      args,
      options: {
        port: { type: "string", default: "8787" },
        host: { type: "string", default: "127.0.0.1" },
        token: { type: "string", multiple: true },
        account: { type: "string", multiple: true },
        duplicates: { type: "string", default: "allow" },
        latency: { type: "string", default: "0" },
        jitter: { type: "string", default: "0" },
        "create-delay": { type: "string", default: "0" },
        "data-file": { type: "string" },
        "messaging-rate-limit": { type: "string", default: "0" },
        "management-rate-limit": { type: "string", default: "0" },
        "control-token": { type: "string" },
        "current-signing-key": { type: "string" },
        "next-signing-key": { type: "string" },
        "retry-backoff-scale": { type: "string", default: "1" },
        "pid-file": { type: "string" },
        fault: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    process.stderr.write(`stashkit-emulator: ${(error as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
}

const { values } = parseCommandLine();

if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

function fail(message: string): never {
  process.stderr.write(`stashkit-emulator: ${message}\n`);
  process.exit(2);
}

function wholeNumber(flag: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value))
    fail(`--${flag} must be a whole number, got "${text}"`);
  return value;
}

const duplicates = values.duplicates;
if (duplicates !== "allow" && duplicates !== "reject")
  fail(`--duplicates must be allow or reject, got "${duplicates}"`);

const accounts = (values.account ?? []).map((pair) => {
  const colon = pair.indexOf(":");
  if (colon <= 0 || colon === pair.length - 1) fail("--account must look like EMAIL:API_KEY");
  return { email: pair.slice(0, colon), apiKey: pair.slice(colon + 1) };
});

function parseFaultFlag(entry: string): [string, Fault[]] {
  const equals = entry.indexOf("=");
  if (equals <= 0) fail(`--fault must look like "POST /v2/search=503,503", got "${entry}"`);
  try {
    const specs = entry.slice(equals + 1).split(",");
    return [entry.slice(0, equals).trim(), specs.map(parseFaultSpec)];
  } catch (error) {
    return fail((error as Error).message);
  }
}

const faults = (values.fault ?? []).map(parseFaultFlag);

const controlToken = values["control-token"] ?? process.env[CONTROL_TOKEN_ENV];
if (controlToken === "") fail(`--control-token (or ${CONTROL_TOKEN_ENV}) must not be empty`);
const port = wholeNumber("port", values.port);
const backoffScale = Number(values["retry-backoff-scale"]);
if (!/^\d+(\.\d+)?$/.test(values["retry-backoff-scale"]) || !Number.isFinite(backoffScale)) {
  fail(`--retry-backoff-scale must be a number of 0 or more, got "${values["retry-backoff-scale"]}"`);
}

// A flag wins over the environment; an empty value counts as not given.
const signingKeys = {
  current: values["current-signing-key"] || process.env["QSTASH_CURRENT_SIGNING_KEY"] || undefined,
  next: values["next-signing-key"] || process.env["QSTASH_NEXT_SIGNING_KEY"] || undefined,
};

const emulator = await startEmulator({
  port,
  host: values.host,
  ...(values.token ? { messagingTokens: values.token } : {}),
  ...(accounts.length > 0 ? { accounts } : {}),
  duplicateNames: duplicates,
  latency: {
    fixedMs: wholeNumber("latency", values.latency),
    jitterMs: wholeNumber("jitter", values.jitter),
  },
  createDelayMs: wholeNumber("create-delay", values["create-delay"]),
  rateLimit: {
    messaging: wholeNumber("messaging-rate-limit", values["messaging-rate-limit"]),
    management: wholeNumber("management-rate-limit", values["management-rate-limit"]),
  },
  ...(values["data-file"] ? { dataFile: values["data-file"] } : {}),
  ...(controlToken ? { controlToken } : {}),
  retryBackoffScale: backoffScale,
  signingKeys: {
    ...(signingKeys.current ? { current: signingKeys.current } : {}),
    ...(signingKeys.next ? { next: signingKeys.next } : {}),
  },
}).catch((error: unknown) => {
  if (error instanceof DataFileError || error instanceof InvalidSettingError) fail(error.message);
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    fail(`--port ${port}: ${values.host}:${port} is already in use; pick another port or 0 for a free one`);
  }
  throw error;
});
for (const [route, scripted] of faults) emulator.inject(route, ...scripted);

// `kill $!` after `npx … &` signals npm, which leaves this process running: the pid file names
// the process that really serves.
const pidFile = values["pid-file"];
if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);

// Before the banner: whoever waits for it may signal at once.
const shutdown = () => {
  void emulator.stop().then(() => {
    if (pidFile) rmSync(pidFile, { force: true });
    process.exit(0);
  });
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);

// These are the emulator's own throwaway credentials, printed so people can use them.
process.stdout.write(
  [
    `stashkit emulator listening on ${emulator.url}`,
    `  messaging API   ${emulator.url}   QSTASH_URL=${emulator.url} QSTASH_TOKEN=${emulator.messagingToken}`,
    `  management API  ${emulator.url}   UPSTASH_EMAIL=${emulator.account.email} UPSTASH_API_KEY=${emulator.account.apiKey}`,
    `  signing keys    QSTASH_CURRENT_SIGNING_KEY=${emulator.signingKeys.current} QSTASH_NEXT_SIGNING_KEY=${emulator.signingKeys.next}`,
    `  control API     ${emulator.url}/__stashkit (requests, faults, settings, state, clock, reset); ${
      controlToken
        ? "needs the control token in the x-stashkit-control-token header"
        : "loopback clients only"
    }`,
    "",
  ].join("\n"),
);
