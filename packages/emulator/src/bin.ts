#!/usr/bin/env node
import { rmSync, writeFileSync } from "node:fs";
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { ExportCommandError, exportCommand } from "./control/export-command.ts";
import { SeedFileError } from "./control/seed-file-error.ts";
import { type Fault, parseFaultSpec } from "./faults/fault.ts";
import type { EmulatorOptions } from "./options/emulator-options.ts";
import { declaredOptions, optionsFromFlags } from "./options/option-list.ts";
import { InvalidSettingError } from "./options/settings.ts";
import type { RunningEmulator } from "./running-emulator.ts";
import { startEmulator } from "./server.ts";
import { SnapshotError } from "./state/snapshot-error.ts";
import { DataFileError } from "./storage/data-file-error.ts";

/** Flags of this command only; every emulator option's flag comes from its declaration. */
const OWN_FLAGS = [
  [
    "pid-file",
    "PATH",
    "write this process's id there once listening (removed on a clean stop), so a later CI step can stop it even when started through npx",
  ],
  [
    "fault",
    "ROUTE=SPECS",
    'e.g. --fault "POST /v2/search=503,503" (SPEC: status[:header=value], html, malformed-json, reset, hang); repeatable',
  ],
] as const;

function helpText(): string {
  const line = (flag: string, help: string) => `  ${flag.padEnd(30)} ${wrapped(help, 33)}`;
  const lines = declaredOptions().flatMap(({ info }) => {
    if (info.flag === undefined) return [];
    const flag = `--${info.flag}${info.value ? ` ${info.value}` : ""}`;
    const extras = [info.cliDefault && `default ${info.cliDefault}`, info.env && `or set $${info.env}`];
    const suffix = extras.filter(Boolean).join("; ");
    return [line(flag, suffix ? `${info.help} (${suffix})` : info.help)];
  });
  for (const [flag, value, help] of OWN_FLAGS) lines.push(line(`--${flag} ${value}`, help));
  lines.push(line("-h, --help", "this text"));
  return `stashkit-emulator: a local messaging + management API server for tests and dry runs

Usage: stashkit-emulator [options]
       stashkit-emulator export <url> <file> [--control-token T]

${lines.join("\n")}
`;
}

/** Breaks `text` into lines of at most 100 columns, the later ones indented by `indent`. */
function wrapped(text: string, indent: number): string {
  const lines = [""];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (lines[last] !== "" && indent + (lines[last] as string).length + word.length >= 100) lines.push(word);
    else lines[last] = lines[last] === "" ? word : `${lines[last]} ${word}`;
  }
  return lines.join(`\n${" ".repeat(indent)}`);
}

function flagConfig(): ParseArgsOptionsConfig {
  const config: ParseArgsOptionsConfig = { help: { type: "boolean", short: "h" } };
  for (const { info, repeatable } of declaredOptions()) {
    if (info.flag === undefined) continue;
    config[info.flag] = {
      type: "string",
      ...(repeatable ? { multiple: true } : {}),
      ...(info.cliDefault === undefined ? {} : { default: info.cliDefault }),
    };
  }
  config["pid-file"] = { type: "string" };
  config["fault"] = { type: "string", multiple: true };
  return config;
}

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

function commandLine() {
  // `pnpm emulator -- --port 1` passes the "--" through; skip it.
  const args = process.argv.slice(2);
  if (args[0] === "--") args.shift();
  try {
    return parseArgs({ args, options: flagConfig() }).values;
  } catch (error) {
    process.stderr.write(`stashkit-emulator: ${(error as Error).message}\n\n${helpText()}`);
    process.exit(2);
  }
}

async function start(
  values: ReturnType<typeof commandLine>,
): Promise<{ emulator: RunningEmulator; options: EmulatorOptions }> {
  let options: EmulatorOptions = {};
  try {
    options = optionsFromFlags(values, process.env);
    return { emulator: await startEmulator(options), options };
  } catch (error) {
    if (
      error instanceof DataFileError ||
      error instanceof InvalidSettingError ||
      error instanceof SnapshotError ||
      error instanceof SeedFileError
    ) {
      fail(error.message);
    }
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      const { port, host } = options;
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

const values = commandLine();
if (values["help"]) {
  process.stdout.write(helpText());
  process.exit(0);
}
const faults = ((values["fault"] ?? []) as string[]).map(parseFaultFlag);
const { emulator, options } = await start(values);
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

// These are the emulator's own throwaway credentials, printed so people can use them.
const controlAccess =
  values["control-token"] || process.env["STASHKIT_EMULATOR_CONTROL_TOKEN"]
    ? "needs the control token in the x-stashkit-control-token header"
    : "loopback clients only";
process.stdout.write(
  [
    `stashkit emulator listening on ${emulator.url}${everyInterface(options.host, emulator.port)}`,
    `  messaging API   ${emulator.url}   QSTASH_URL=${emulator.url} QSTASH_TOKEN=${emulator.messagingToken}`,
    // STASHKIT_BASE_URL: the management base URL the CLI and core's fromEnv() read; without it
    // the pasted credentials would go to the hosted API.
    `  management API  ${emulator.url}   STASHKIT_BASE_URL=${emulator.url} UPSTASH_EMAIL=${emulator.account.email} UPSTASH_API_KEY=${emulator.account.apiKey}`,
    `  signing keys    QSTASH_CURRENT_SIGNING_KEY=${emulator.signingKeys.current} QSTASH_NEXT_SIGNING_KEY=${emulator.signingKeys.next}`,
    `  inspector       ${emulator.url}/ (open it in a browser; read-only until you allow changes)`,
    `  control API     ${emulator.url}/__stashkit (requests, faults, settings, state, clock, reset, export); ${controlAccess}`,
    "",
  ].join("\n"),
);
