import { type ChildProcess, execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { SearchIndexData } from "@stashkit/core";
import { type RunningEmulator, startEmulator } from "@stashkit/emulator";

export const BIN = new URL("../dist/bin.js", import.meta.url).pathname;

export interface CliRun {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
}

/** Secrets unique to one test file, so a leak scan finds them wherever they turn up. */
export function secrets() {
  const word = () => randomBytes(12).toString("hex");
  const email = `ci-${word()}@example.test`;
  const apiKey = `key-${word()}`;
  return {
    email,
    apiKey,
    token: `qst-${word()}`,
    basic: Buffer.from(`${email}:${apiKey}`).toString("base64"),
  };
}

export type Secrets = ReturnType<typeof secrets>;

export async function emulatorFor(
  s: Secrets,
  options: Parameters<typeof startEmulator>[0] = {},
): Promise<RunningEmulator> {
  return startEmulator({
    messagingTokens: [s.token],
    accounts: [{ email: s.email, apiKey: s.apiKey }],
    ...options,
  });
}

/** The environment of a run: no CI markers from the machine running the tests, only what is given. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "",
    HOME: process.env["HOME"] ?? "/tmp",
  };
  if (process.env["NODE_EXTRA_CA_CERTS"]) env["NODE_EXTRA_CA_CERTS"] = process.env["NODE_EXTRA_CA_CERTS"];
  return { ...env, ...extra };
}

/** Runs the real bin as a child process (asynchronously: the emulator lives in this process). */
export function runCli(
  args: string[],
  env: Record<string, string>,
  /** `executable`: run `bin` itself (its shebang picks `node` from PATH), as a shell would. */
  options: { node?: string; bin?: string; cwd?: string; executable?: boolean } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const bin = options.bin ?? BIN;
    execFile(
      options.executable ? bin : (options.node ?? process.execPath),
      options.executable ? args : [bin, ...args],
      { env, cwd: options.cwd, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ args, code, stdout, stderr });
      },
    );
  });
}

/** The environment that points the CLI at the emulator with these credentials. */
export function apiEnv(emulator: RunningEmulator, s: Secrets, extra: Record<string, string> = {}) {
  return cleanEnv({
    UPSTASH_EMAIL: s.email,
    UPSTASH_API_KEY: s.apiKey,
    QSTASH_TOKEN: s.token,
    QSTASH_URL: emulator.url,
    ...extra,
  });
}

/** Every form of the credentials that must never be printed. */
export function credentialForms(s: Secrets): string[] {
  return [s.apiKey, s.token, s.basic, `${s.email}:${s.apiKey}`];
}

/** A messaging API call of the test's own, to set up what a command then works on. */
async function messagingApi(
  emulator: RunningEmulator,
  s: Secrets,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): Promise<void> {
  const response = await fetch(`${emulator.url}${path}`, {
    method: "POST",
    body: init.body ?? null,
    headers: { authorization: `Bearer ${s.token}`, "content-type": "application/json", ...init.headers },
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
}

export async function createQueue(emulator: RunningEmulator, s: Secrets, name: string, paused = false) {
  await messagingApi(emulator, s, "/v2/queues", { body: JSON.stringify({ queueName: name, paused }) });
}

/** A schedule that calls `destination` every minute, with an id and optional label of our choosing. */
export async function createSchedule(
  emulator: RunningEmulator,
  s: Secrets,
  options: { id: string; destination: string; label?: string },
) {
  await messagingApi(emulator, s, `/v2/schedules/${options.destination}`, {
    headers: {
      "upstash-cron": "* * * * *",
      "upstash-schedule-id": options.id,
      ...(options.label ? { "upstash-label": options.label } : {}),
    },
  });
}

/** Publishes one message under a flow-control key, which makes the key exist. */
export async function publishUnderKey(
  emulator: RunningEmulator,
  s: Secrets,
  destination: string,
  key: string,
) {
  await messagingApi(emulator, s, `/v2/publish/${destination}`, {
    body: "hello",
    headers: { "upstash-flow-control-key": key, "upstash-flow-control-value": "parallelism=1" },
  });
}

/**
 * `NAME=value` lines, as the dotenv format writes them, into an object: a value in single quotes
 * is read literally without them (test/dotenv.test.ts holds the format to the dotenv package and sh).
 */
export function parseDotenv(text: string): Record<string, string> {
  const unquote = (value: string) => (/^'.*'$/.test(value) ? value.slice(1, -1) : value);
  return Object.fromEntries(
    text
      .trimEnd()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf("=")), unquote(line.slice(line.indexOf("=") + 1))]),
  );
}

/**
 * `search …` against the emulator, as CI runs it (CI=true: plain progress lines), each run kept
 * in `runs` for the file's leak scan: `cli("search", "seed", "--name", …)`.
 */
export function searchCli(
  emulator: RunningEmulator,
  s: Secrets,
  runs: CliRun[],
): (...args: string[]) => Promise<CliRun> {
  return async (...args) => {
    const [group, sub, ...rest] = args;
    const run = await runCli(
      [group ?? "", sub ?? "", "--base-url", emulator.url, ...rest],
      apiEnv(emulator, s, { CI: "true" }),
    );
    runs.push(run);
    return run;
  };
}

/** The data plane of the emulator's index of this name, with its token: to read back what a command wrote. */
export function dataOf(emulator: RunningEmulator, name: string): SearchIndexData {
  const index = emulator.state.indexes.find((entry) => entry.index.name === name)?.index;
  return new SearchIndexData({ url: `${emulator.url}/search/${index?.endpoint}`, token: index?.token ?? "" });
}

/** Ends the processes a test started (SIGTERM), waiting for each: pass it to `afterEach`. */
export async function stopAll(started: ChildProcess[]): Promise<void> {
  await Promise.all(
    started.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    }),
  );
}
