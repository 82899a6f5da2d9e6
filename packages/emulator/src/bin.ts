#!/usr/bin/env node
import { rmSync, writeFileSync } from "node:fs";
import { type CommandLine, helpText, readCommandLine } from "./command-line.ts";
import { ExportCommandError, exportCommand } from "./control/export-command.ts";
import { SeedFileError } from "./control/seed-file-error.ts";
import { type Fault, parseFaultSpec } from "./faults/fault.ts";
import { exposureWarning } from "./options/exposure.ts";
import { InvalidSettingError } from "./options/settings.ts";
import type { RunningEmulator } from "./running-emulator.ts";
import { startEmulator } from "./server.ts";
import { SnapshotError } from "./state/snapshot-error.ts";
import { DataFileError } from "./storage/data-file-error.ts";
import { NodeWithoutSqliteError } from "./storage/sqlite/load-sqlite.ts";

function fail(message: string): never {
  process.stderr.write(`stashkit-emulator: ${message}\n`);
  process.exit(2);
}

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

/** The flags, and the options they (and with `--from-env` the variables) make; a bad one ends it. */
function commandLine(): CommandLine {
  // `pnpm emulator -- --port 1` passes the "--" through; skip it.
  const args = process.argv.slice(2);
  if (args[0] === "--") args.shift();
  try {
    return readCommandLine(args, process.env);
  } catch (error) {
    if (error instanceof InvalidSettingError) fail(error.message);
    process.stderr.write(`stashkit-emulator: ${(error as Error).message}\n\n${helpText()}`);
    process.exit(2);
  }
}

async function start({ values, options }: CommandLine): Promise<RunningEmulator> {
  try {
    return await startEmulator(options);
  } catch (error) {
    if (
      error instanceof DataFileError ||
      error instanceof InvalidSettingError ||
      error instanceof SnapshotError ||
      error instanceof SeedFileError ||
      error instanceof NodeWithoutSqliteError
    ) {
      fail(error.message);
    }
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      const { port, host } = values;
      fail(`--port ${port}: ${host}:${port} is already in use; pick another port or 0 for a free one`);
    }
    throw error;
  }
}

if (process.argv[2] === "export") await runExport(process.argv.slice(3));

async function runExport(args: string[]): Promise<never> {
  try {
    process.stdout.write(await exportCommand(args, process.env));
    process.exit(0);
  } catch (error) {
    if (!(error instanceof ExportCommandError || error instanceof SnapshotError)) throw error;
    process.stderr.write(`stashkit-emulator export: ${error.message}\n`);
    process.exit(error instanceof ExportCommandError ? error.exitCode : 1);
  }
}

const command = commandLine();
const { values, options } = command;
if (values["help"]) {
  process.stdout.write(helpText());
  process.exit(0);
}
const faults = ((values["fault"] ?? []) as string[]).map(parseFaultFlag);
const emulator = await start(command);
for (const [route, scripted] of faults) emulator.inject(route, ...scripted);

// `kill $!` after `npx … &` signals npm, which leaves this process running: the pid file names
// the process that really serves.
const pidFile = values["pid-file"] as string | undefined;
if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);

// Before the banner: whoever waits for it may signal at once.
const shutdown = () => {
  void emulator.stop().then(
    () => {
      if (pidFile) rmSync(pidFile, { force: true });
      process.exit(0);
    },
    (error: unknown) => {
      // --export-on-exit could not be written: say so, and do not claim a clean stop.
      if (pidFile) rmSync(pidFile, { force: true });
      fail(error instanceof SnapshotError ? error.message : String(error));
    },
  );
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);

/** Said after the URL when bound to every interface: the URL printed is loopback's. */
function everyInterface(host: string | undefined, port: number): string {
  if (host !== "0.0.0.0" && host !== "::") return "";
  return ` (bound to ${host}, every interface: from another machine or container use this one's address, port ${port})`;
}

/** The first `--search-index`'s variables, what `Search.fromEnv()` reads. */
function searchLine(names: readonly string[] | undefined): string[] {
  const [first] = names ?? [];
  if (first === undefined) return [];
  const env = emulator.searchEnv(first);
  const variables = `UPSTASH_SEARCH_REST_URL=${env.UPSTASH_SEARCH_REST_URL} UPSTASH_SEARCH_REST_TOKEN=${env.UPSTASH_SEARCH_REST_TOKEN}`;
  return [`  search index    ${first}   ${variables}`];
}

/**
 * With `--regions`: `QSTASH_REGION` (the default region, the one the lines above are for) and
 * each region's four variables under the official SDK's names, one line per region.
 */
function regionLines(): string[] {
  const env = emulator.qstashEnv();
  const named = emulator.regions().flatMap((region) => region.name ?? []);
  if (named.length === 0) return [];
  const suffixes = ["QSTASH_URL", "QSTASH_TOKEN", "QSTASH_CURRENT_SIGNING_KEY", "QSTASH_NEXT_SIGNING_KEY"];
  return [
    `  regions         QSTASH_REGION=${env["QSTASH_REGION"]}   (the SDK's multi-region mode: each region's variables below)`,
    ...named.map((name) => {
      const variables = suffixes.map((suffix) => `${name}_${suffix}=${env[`${name}_${suffix}`]}`);
      return `  ${name.padEnd(16)}${variables.join(" ")}`;
    }),
  ];
}

// Reachable from elsewhere with a public credential: said once on stderr and in the banner.
const exposed = exposureWarning(options, emulator.port);
if (exposed) process.stderr.write(`stashkit-emulator: warning: ${exposed.line}\n`);

// These are the emulator's own throwaway credentials, printed so people can use them.
const controlAccess =
  options.controlToken !== undefined
    ? "needs the control token in the x-stashkit-control-token header"
    : "loopback clients only";
process.stdout.write(
  [
    `stashkit emulator listening on ${emulator.url}${everyInterface(options.host, emulator.port)}`,
    ...(exposed ? [`  warning         ${exposed.short} (see stderr)`] : []),
    `  messaging API   ${emulator.url}   QSTASH_URL=${emulator.url} QSTASH_TOKEN=${emulator.messagingToken}`,
    // STASHKIT_BASE_URL: the management base URL the CLI and core's fromEnv() read; without it
    // the pasted credentials would go to the hosted API.
    `  management API  ${emulator.url}   STASHKIT_BASE_URL=${emulator.url} UPSTASH_EMAIL=${emulator.account.email} UPSTASH_API_KEY=${emulator.account.apiKey}`,
    `  signing keys    QSTASH_CURRENT_SIGNING_KEY=${emulator.signingKeys.current} QSTASH_NEXT_SIGNING_KEY=${emulator.signingKeys.next}`,
    ...regionLines(),
    ...searchLine(options.searchIndexes),
    `  inspector       ${emulator.url}/ (open it in a browser; read-only until you allow changes)`,
    `  control API     ${emulator.url}/__stashkit (requests, faults, settings, state, clock, reset, export); ${controlAccess}`,
    "",
  ].join("\n"),
);
