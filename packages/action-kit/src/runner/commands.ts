import { appendFileSync, writeSync } from "node:fs";

/**
 * The runner's side of the action interface, as GitHub documents it: workflow commands on
 * stdout (`::name key=value::message`) and file commands (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STATE,
 * GITHUB_STEP_SUMMARY). It does what @actions/core does for these calls, byte for byte (a test
 * compares the two), without loading its HTTP client: that alone cost ~50 ms and ~21 MB at start.
 *
 * One deliberate difference: `info` makes every message one line that cannot be a command
 * (see `plainLine`); @actions/core writes it as given, so a value holding a newline followed by
 * `::set-env ...` would become a command the runner executes. Every other line we print is a
 * command whose message is data-escaped (CR, LF and % encoded), as @actions/core does.
 */

/** `os.EOL`, as @actions/core ends its lines, without loading node:os at start (bench S4). */
const EOL = process.platform === "win32" ? "\r\n" : "\n";

/** Where stdout lines go: the `process.stdout` stream, until an action's entry asks for direct writes. */
let writeOut: (text: string) => void = (text) => void process.stdout.write(text);

/**
 * Sends every stdout line to file descriptor 1 with one write, never creating `process.stdout`:
 * that stream loads Node's stream machinery (and, into a pipe as on a runner, a socket), ~2-7 ms
 * of a step's start (bench S4). For an action's entry (`index.ts`) only: a library or a test keeps
 * the stream. Once the descriptor refuses a write (a pipe made non-blocking elsewhere and full:
 * EAGAIN), the rest of that line and every later one go through `process.stdout`, which waits.
 */
export function writeStdoutDirectly(): void {
  let refused = false;
  writeOut = (text) => {
    if (refused) {
      process.stdout.write(text);
      return;
    }
    const bytes = Buffer.from(text, "utf8");
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(1, bytes, written);
    } catch {
      refused = true;
      process.stdout.write(bytes.subarray(written));
    }
  };
}

/** Data escaping of workflow commands: %, CR and LF. */
export function escapeData(value: string): string {
  return value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Property escaping: data escaping plus ":" and ",". */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function issueCommand(name: string, properties: Record<string, string>, message: string): void {
  const props = Object.entries(properties)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(",");
  writeOut(`::${name}${props ? ` ${props}` : ""}::${escapeData(message)}${EOL}`);
}

type FileCommand = "OUTPUT" | "ENV" | "STATE";

/**
 * `ghadelimiter_` and a version 4 UUID, the form @actions/core writes, drawn from Math.random
 * rather than node:crypto: loading node:crypto cost ~9 ms of every step's start (issue 28). The
 * delimiter needs no secrecy: `appendFileCommand` refuses a name or value that contains it, so
 * no value can end its block early whatever it holds. Randomness only makes that refusal
 * practically unreachable, and Node seeds Math.random from the operating system's entropy.
 */
export function newDelimiter(): string {
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  const variant = (8 + Math.floor(Math.random() * 4)).toString(16);
  return `ghadelimiter_${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}

/**
 * Appends `name<<delimiter` / value / `delimiter` to the runner's file, with a random delimiter
 * that neither the name nor the value may contain. Returns false when the runner gave no file.
 */
function appendFileCommand(command: FileCommand, name: string, value: string): boolean {
  const file = process.env[`GITHUB_${command}`];
  if (!file) return false;
  const delimiter = newDelimiter();
  if (name.includes(delimiter) || value.includes(delimiter)) {
    throw new Error(`unexpected input: the name or value contains the delimiter ${delimiter}`);
  }
  appendFileSync(file, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, { encoding: "utf8" });
  return true;
}

/** An input: `INPUT_<NAME>` (spaces as `_`, upper-cased), trimmed; "" when unset. */
export function getInput(name: string): string {
  return (process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

/** Registers a value with the runner's masking. */
export function setSecret(secret: string): void {
  issueCommand("add-mask", {}, secret);
}

export function setOutput(name: string, value: string): void {
  if (appendFileCommand("OUTPUT", name, value)) return;
  writeOut(EOL);
  issueCommand("set-output", { name }, value);
}

/** Sets the variable for this process and for the rest of the job. */
export function exportVariable(name: string, value: string): void {
  process.env[name] = value;
  if (appendFileCommand("ENV", name, value)) return;
  issueCommand("set-env", { name }, value);
}

/** Saves a value for this action's post step (read there with `getState`). */
export function saveState(name: string, value: string): void {
  if (appendFileCommand("STATE", name, value)) return;
  issueCommand("save-state", { name }, value);
}

export function getState(name: string): string {
  return process.env[`STATE_${name}`] ?? "";
}

export function isDebug(): boolean {
  return process.env["RUNNER_DEBUG"] === "1";
}

export function debug(message: string): void {
  issueCommand("debug", {}, message);
}

/**
 * A log line that no part of can be read as a runner command: CR and LF become the visible
 * `\r` and `\n` (the runner ends a line at either), and a line that would start with `::` or
 * `##[` (after the leading whitespace the runner skips) gets a `\` in front.
 */
export function plainLine(message: string): string {
  const oneLine = message.replace(/\r/g, "\\r").replace(/\n/g, "\\n");
  return /^\s*(::|##\[)/.test(oneLine) ? `\\${oneLine}` : oneLine;
}

export function info(message: string): void {
  writeOut(`${plainLine(message)}${EOL}`);
}

export function warning(message: string): void {
  issueCommand("warning", {}, message);
}

export function error(message: string): void {
  issueCommand("error", {}, message);
}

/** Marks the step failed: exit code 1 and one `::error::` line. */
export function setFailed(message: string): void {
  process.exitCode = 1;
  error(message);
}

export async function group<T>(name: string, body: () => Promise<T>): Promise<T> {
  issueCommand("group", {}, name);
  try {
    return await body();
  } finally {
    issueCommand("endgroup", {}, "");
  }
}

/** Appends Markdown to the job summary; false when the runner supports none (no GITHUB_STEP_SUMMARY). */
export function appendSummary(markdown: string): boolean {
  const file = process.env["GITHUB_STEP_SUMMARY"];
  if (!file) return false;
  appendFileSync(file, markdown, { encoding: "utf8" });
  return true;
}
