import type { Writable } from "node:stream";
import { dim, red, yellow } from "yoctocolors";
import { oneLine, plainLine } from "./escape.ts";

export type Environment = Record<string, string | undefined>;

/** Where a command writes, and how: colours and a spinner only for a person at a terminal. */
export interface Terminal {
  out(line: string): void;
  /** A line that carries a secret on purpose (--show-secrets, ::add-mask::): escaped, not redacted. */
  outSecret(line: string): void;
  err(line: string): void;
  warn(message: string): void;
  /** "error: " (red when colours are on) and the message, escaped and redacted like every line. */
  error(message: string): void;
  /** Waits for `work`; past one second on a terminal, a spinner says what is awaited. */
  progress<T>(label: string, work: Promise<T>): Promise<T>;
}

/** Colours follow FORCE_COLOR and NO_COLOR; otherwise only on a terminal outside CI. */
export function wantsColour(env: Environment, isTty: boolean): boolean {
  const force = env["FORCE_COLOR"];
  if (force !== undefined && force !== "" && force !== "0" && force !== "false") return true;
  if ((env["NO_COLOR"] ?? "") !== "" || force === "0" || force === "false") return false;
  return isTty && !isCi(env);
}

export function isCi(env: Environment): boolean {
  return (env["CI"] ?? "") !== "" && env["CI"] !== "false";
}

export function terminal(options: {
  env: Environment;
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  /** Masks every known secret in a line. */
  redact: (line: string) => string;
  quiet: boolean;
}): Terminal {
  const { env, stdout, stderr } = options;
  const clean = (line: string) => plainLine(options.redact(line));
  const tty = stderr.isTTY === true;
  const colour = wantsColour(env, tty);
  const paint = (style: (text: string) => string, text: string) => (colour ? style(text) : text);
  const spinnerWanted = tty && !isCi(env) && !options.quiet;
  return {
    out: (line) => stdout.write(`${clean(line)}\n`),
    outSecret: (line) => stdout.write(`${oneLine(line)}\n`),
    err: (line) => stderr.write(`${clean(line)}\n`),
    warn: (message) => stderr.write(`${paint(yellow, "warning:")} ${clean(message)}\n`),
    // The colour goes on after escaping: escaped first, its ESC would print as the text "\e".
    error: (message) => stderr.write(`${paint(red, "error:")} ${clean(message)}\n`),
    progress: (label, work) => (spinnerWanted ? withSpinner(label, work, stderr, paint) : work),
  };
}

async function withSpinner<T>(
  label: string,
  work: Promise<T>,
  stream: Writable,
  paint: (style: (text: string) => string, text: string) => string,
): Promise<T> {
  let done = false;
  let running: { stop(): unknown } | undefined;
  // The spinner module loads only when a wait is long enough to show it.
  const timer = setTimeout(() => {
    void import("yocto-spinner").then(({ default: spinner }) => {
      if (!done) running = spinner({ text: paint(dim, label), stream }).start();
    });
  }, 1000);
  try {
    return await work;
  } finally {
    done = true;
    clearTimeout(timer);
    running?.stop();
  }
}
