import { rmSync, writeFileSync } from "node:fs";
import type { Writable } from "node:stream";
import { ExportCommandError, exportCommand } from "../control/export-command.ts";
import { SeedFileError } from "../control/seed-file-error.ts";
import { type Fault, parseFaultSpec } from "../faults/fault.ts";
import { exposureWarning } from "../options/exposure.ts";
import { InvalidSettingError } from "../options/settings.ts";
import type { RunningEmulator } from "../running-emulator.ts";
import { startEmulator } from "../server.ts";
import { SnapshotError } from "../state/snapshot-error.ts";
import { DataFileError } from "../storage/data-file-error.ts";
import { NodeWithoutSqliteError } from "../storage/sqlite/load-sqlite.ts";
import { allVariables, bannerLines, bannerVariables, dotenvText } from "./banner.ts";
import { helpText, usage } from "./declarations.ts";
import { type CommandLine, readCommandLine, UsageProblem } from "./parse.ts";
import { privateFileProblem, writePrivateFile } from "./private-file.ts";

/** Who runs the command line: `stashkit-emulator`, or the CLI's `stashkit emulator`. */
export interface FrontEnd {
  /** The command as typed, for help and messages: "stashkit-emulator", "stashkit emulator". */
  name: string;
  /** What each error line starts with: "stashkit-emulator: ", "error: stashkit emulator: ". */
  errorPrefix: string;
  env: NodeJS.ProcessEnv;
  stdout: Writable;
  stderr: Writable;
}

/** Exit codes: 0 stopped cleanly, 2 a bad flag, value, seed, data file or port (nothing was served). */
const USAGE = 2;

/** A problem the user can fix, said in one line; exit code 2. */
class Refusal extends Error {}

/**
 * The emulator's one command line, for both commands that offer it: parses the flags (with a
 * "did you mean" for a mistyped one), starts the emulator, prints the banner (and writes
 * `--write-env-file`), and serves until SIGINT or SIGTERM. Resolves with the exit code; never exits.
 */
export async function runCommandLine(args: readonly string[], frontEnd: FrontEnd): Promise<number> {
  const say = (message: string) => frontEnd.stderr.write(`${frontEnd.errorPrefix}${message}\n`);
  // `pnpm emulator -- --port 1` passes the "--" through; skip it.
  const rest = args[0] === "--" ? args.slice(1) : [...args];
  if (rest[0] === "export") return runExport(rest.slice(1), frontEnd);
  try {
    const command = readCommandLine(rest, frontEnd.env);
    if (command.help) {
      frontEnd.stdout.write(helpText(frontEnd.name));
      return 0;
    }
    return await serve(command, frontEnd);
  } catch (error) {
    if (error instanceof UsageProblem) {
      // One line and the usage, not the 80 lines of --help.
      say(error.message);
      frontEnd.stderr.write(`${usage(frontEnd.name)}\n(${frontEnd.name} --help lists every option)\n`);
      return USAGE;
    }
    if (!isRefusal(error)) throw error;
    say(error.message);
    return USAGE;
  }
}

function isRefusal(error: unknown): error is Error {
  return [
    Refusal,
    InvalidSettingError,
    DataFileError,
    SnapshotError,
    SeedFileError,
    NodeWithoutSqliteError,
  ].some((kind) => error instanceof kind);
}

async function serve({ values, options }: CommandLine, frontEnd: FrontEnd): Promise<number> {
  const faults = ((values["fault"] ?? []) as string[]).map(parseFaultFlag);
  const envFile = values["write-env-file"] as string | undefined;
  // Checked before the start: a file that cannot be written must not leave an emulator running.
  const problem = envFile === undefined ? undefined : privateFileProblem(envFile);
  if (problem !== undefined) throw new Refusal(`--write-env-file: ${problem}`);
  const publicUrl = publicUrlOf(values["public-url"] as string | undefined);
  const emulator = await start(options, values);
  for (const [route, scripted] of faults) emulator.inject(route, ...scripted);
  // `kill $!` after `npx … &` signals npm, which leaves this process running: the pid file names
  // the process that really serves.
  const pidFile = values["pid-file"] as string | undefined;
  if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);
  // Before the banner: whoever waits for it may signal at once.
  const { stopped, stop } = stopOnSignal(emulator, pidFile, frontEnd);
  const variables = bannerVariables(emulator, options, publicUrl);
  let dotenv = "";
  if (envFile !== undefined || values["print-env"] === true) {
    try {
      dotenv = dotenvText(allVariables(variables));
    } catch (error) {
      await stop();
      throw new Refusal(
        `${envFile === undefined ? "--print-env" : "--write-env-file"}: ${(error as Error).message}`,
      );
    }
  }
  if (envFile !== undefined) writePrivateFile(envFile, dotenv);
  // Reachable from elsewhere with a public credential: said once on stderr and in the banner.
  const exposed = exposureWarning(options, emulator.port);
  if (exposed) frontEnd.stderr.write(`${frontEnd.name}: warning: ${exposed.line}\n`);
  const banner = `${bannerLines(emulator, options, variables, exposed?.short).join("\n")}\n`;
  // With --print-env, stdout is the dotenv alone (`> .env`), and the banner goes to stderr.
  if (values["print-env"] === true) {
    frontEnd.stderr.write(banner);
    frontEnd.stdout.write(dotenv);
  } else frontEnd.stdout.write(banner);
  return stopped;
}

async function start(
  options: CommandLine["options"],
  values: CommandLine["values"],
): Promise<RunningEmulator> {
  try {
    return await startEmulator(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const { port, host } = values;
    if (code === "EADDRINUSE")
      throw new Refusal(
        `--port ${port}: ${host}:${port} is already in use; pick another port or 0 for a free one`,
      );
    if (code === "EACCES")
      throw new Refusal(
        `--port ${port}: this user may not listen on ${host}:${port}; pick a port above 1023, or 0`,
      );
    if (code === "EADDRNOTAVAIL") throw new Refusal(`--host ${host}: not an address of this machine`);
    throw error;
  }
}

/**
 * `stopped` resolves with the exit code once SIGINT or SIGTERM (or `stop()`) has stopped the
 * emulator; the pid file goes with it.
 */
function stopOnSignal(
  emulator: RunningEmulator,
  pidFile: string | undefined,
  frontEnd: FrontEnd,
): { stopped: Promise<number>; stop: () => Promise<number> } {
  let stopping: Promise<number> | undefined;
  const stop = () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    stopping ??= emulator
      .stop()
      .then(
        () => 0,
        (error: unknown) => {
          // --export-on-exit could not be written: say so, and do not claim a clean stop.
          const message = error instanceof Error ? error.message : String(error);
          frontEnd.stderr.write(`${frontEnd.errorPrefix}${message}\n`);
          return USAGE;
        },
      )
      .finally(() => {
        if (pidFile) rmSync(pidFile, { force: true });
      });
    return stopping;
  };
  let signalled: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => {
    signalled = resolve;
  });
  const onSignal = () => void stop().then(signalled);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return { stopped, stop };
}

function parseFaultFlag(entry: string): [string, Fault[]] {
  const equals = entry.indexOf("=");
  if (equals <= 0) throw new Refusal(`--fault must look like "POST /v2/search=503,503", got "${entry}"`);
  try {
    return [
      entry.slice(0, equals).trim(),
      entry
        .slice(equals + 1)
        .split(",")
        .map(parseFaultSpec),
    ];
  } catch (error) {
    throw new Refusal((error as Error).message);
  }
}

/** `--public-url`: an http(s) origin (a path, query or credentials would end up in every printed URL). */
function publicUrlOf(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text.trim());
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    !/^https?:$/.test(url.protocol) ||
    url.username ||
    url.password ||
    url.search ||
    url.pathname !== "/"
  )
    throw new Refusal(`--public-url must be an http(s) origin such as http://localhost:8787, got "${text}"`);
  return url.origin;
}

async function runExport(args: string[], frontEnd: FrontEnd): Promise<number> {
  try {
    frontEnd.stdout.write(await exportCommand(args, frontEnd.env));
    return 0;
  } catch (error) {
    if (!(error instanceof ExportCommandError || error instanceof SnapshotError)) throw error;
    frontEnd.stderr.write(`${frontEnd.name} export: ${error.message}\n`);
    return error instanceof ExportCommandError ? error.exitCode : 1;
  }
}
