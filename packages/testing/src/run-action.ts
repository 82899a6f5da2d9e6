import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inputVariable, readActionMetadata } from "./action-metadata.ts";
import { parseRunnerFile } from "./runner-files.ts";
import { temporaryFolder } from "./temp-folders.ts";

export interface RunActionOptions {
  /** The action's folder, holding action.yml and dist/. */
  actionDir: string;
  /** `main` (default) or `post`, as named in action.yml's `runs`. */
  phase?: "main" | "post";
  inputs?: Record<string, string>;
  /** More environment, e.g. `UPSTASH_EMAIL`; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  event?: { name: string; payload: Record<string, unknown> };
  /** The folder of an earlier run, to carry GITHUB_STATE into a post step. */
  reuseDir?: string;
  /** Kills the run after this long (default 60 s); a killed run has exit code null. */
  timeoutMs?: number;
  /** What `${{ github.token }}` in an input's default stands for (default: empty). */
  githubToken?: string;
  /**
   * What `${{ job.status }}` in an input's default stands for (default: `success`). The runner
   * evaluates a post step's inputs again when it runs, so a post step sees how the job went.
   */
  jobStatus?: "success" | "failure" | "cancelled";
  /** Called with each piece of stdout as it arrives, e.g. to act when a retry is logged. */
  onStdout?: (chunk: string) => void;
}

export interface ActionRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  exportedEnv: Record<string, string>;
  state: Record<string, string>;
  summary: string;
  /** The run's folder (RUNNER_TEMP and the command files). */
  dir: string;
}

export const DEFAULT_CONTEXT = {
  GITHUB_REPOSITORY: "acme/shop",
  GITHUB_SHA: "0123456789abcdef0123456789abcdef01234567",
  GITHUB_REF: "refs/heads/main",
  GITHUB_RUN_ID: "4242",
};

export interface PreparedRun {
  /** The command line: node and the bundle's entry. */
  entry: string;
  env: Record<string, string>;
  dir: string;
  files: Record<
    "GITHUB_OUTPUT" | "GITHUB_ENV" | "GITHUB_STATE" | "GITHUB_STEP_SUMMARY" | "GITHUB_PATH",
    string
  >;
}

/** Everything the runner sets up before it starts an action: the files, the event, the environment. */
export function prepareActionRun(options: RunActionOptions): PreparedRun {
  const metadata = readActionMetadata(options.actionDir);
  const phase = options.phase ?? "main";
  const entry = phase === "main" ? metadata.runs.main : metadata.runs.post;
  if (!entry) throw new Error(`${options.actionDir}/action.yml has no runs.${phase}`);

  // Removed after the test (the vitest fixtures) or by the script's removeTemporaryFolders().
  const dir = options.reuseDir ?? temporaryFolder("stashkit-run-");
  const files = {
    GITHUB_OUTPUT: join(dir, "output"),
    GITHUB_ENV: join(dir, "env"),
    GITHUB_STATE: join(dir, "state"),
    GITHUB_STEP_SUMMARY: join(dir, "summary.md"),
    GITHUB_PATH: join(dir, "path"),
  };
  if (!options.reuseDir) for (const file of Object.values(files)) writeFileSync(file, "");
  else for (const name of ["GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"] as const) writeFileSync(files[name], "");

  const event = options.event ?? { name: "push", payload: { ref: DEFAULT_CONTEXT.GITHUB_REF } };
  const eventPath = join(dir, "event.json");
  writeFileSync(eventPath, JSON.stringify(event.payload));

  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "",
    HOME: process.env["HOME"] ?? dir,
    ...(process.env["NODE_EXTRA_CA_CERTS"]
      ? { NODE_EXTRA_CA_CERTS: process.env["NODE_EXTRA_CA_CERTS"] }
      : {}),
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: dir,
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_API_URL: "https://api.github.com",
    GITHUB_GRAPHQL_URL: "https://api.github.com/graphql",
    GITHUB_ACTION_PATH: options.actionDir,
    RUNNER_TEMP: dir,
    RUNNER_OS: "Linux",
    ...DEFAULT_CONTEXT,
    ...files,
  };
  for (const [name, input] of Object.entries(metadata.inputs ?? {})) {
    if (input.default !== undefined)
      env[inputVariable(name)] = evaluateDefault(String(input.default), options);
  }
  for (const [name, value] of Object.entries(options.inputs ?? {})) env[inputVariable(name)] = value;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  if (phase === "post") {
    for (const [name, value] of Object.entries(parseRunnerFile(readFileSync(files.GITHUB_STATE, "utf8")))) {
      env[`STATE_${name}`] = value;
    }
  }
  return { entry: join(options.actionDir, entry), env, dir, files };
}

/** Runs the action's committed bundle as the runner would, and reads back what it wrote. */
export async function runAction(options: RunActionOptions): Promise<ActionRun> {
  const { entry, env, dir, files } = prepareActionRun(options);
  // The runner starts an action in the workspace: relative paths in inputs are read from there.
  const child = spawn(process.execPath, [entry], {
    env,
    cwd: env["GITHUB_WORKSPACE"] ?? dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    options.onStdout?.(chunk.toString());
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
  const exitCode = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  clearTimeout(timer);

  const read = (file: string) => readFileSync(file, "utf8");
  return {
    exitCode,
    stdout,
    stderr,
    outputs: parseRunnerFile(read(files.GITHUB_OUTPUT)),
    exportedEnv: parseRunnerFile(read(files.GITHUB_ENV)),
    state: parseRunnerFile(read(files.GITHUB_STATE)),
    summary: read(files.GITHUB_STEP_SUMMARY),
    dir,
  };
}

/**
 * The runner evaluates expressions in defaults; the harness knows `github.token` and
 * `job.status` and treats others as empty.
 */
function evaluateDefault(value: string, options: RunActionOptions): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_whole, expression: string) => {
    if (expression === "github.token") return options.githubToken ?? "";
    if (expression === "job.status") return options.jobStatus ?? "success";
    return "";
  });
}
