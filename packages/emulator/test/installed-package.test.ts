import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readmeExample } from "./readme.ts";

/**
 * The package as a user gets it: packed as publishing packs it (`pnpm pack`, which writes its
 * workspace dependency's version), installed from the tarball into an empty project, then run
 * through its bin and the README's workflow steps.
 */
const PACKAGE = join(import.meta.dirname, "..");
const run = promisify(execFile);
let work = "";
let project = "";
const started: number[] = [];

// Nothing of the caller's QSTASH_* may leak in: each step must provide what it uses.
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith("QSTASH_")),
);

// Packing is the workspace's work, on the workspace's Node (pnpm refuses an older one); what is
// installed then runs on the Node running this suite, which is Node 22 in `pnpm test:node22`.
const workspaceNodeBin = process.env["STASHKIT_WORKSPACE_NODE_BIN"];
const packEnv = workspaceNodeBin
  ? { ...process.env, PATH: `${workspaceNodeBin}:${process.env["PATH"]}` }
  : process.env;

beforeAll(async () => {
  if (!existsSync(join(PACKAGE, "dist/bin.js"))) throw new Error("build the package first (pnpm build)");
  work = await mkdtemp(join(tmpdir(), "stashkit-installed-"));
  const tarball = async (dir: string) => {
    const packed = await run("pnpm", ["pack", "--pack-destination", work], { cwd: dir, env: packEnv });
    const file = packed.stdout.trim().split("\n").pop() ?? "";
    return file.startsWith("/") ? file : join(work, file);
  };
  const emulatorTarball = await tarball(PACKAGE);
  // Its one dependency of this workspace, at the workspace's version, which is not on npm yet.
  const stallReasons = await tarball(join(PACKAGE, "../stall-reasons"));
  project = join(work, "project");
  await mkdir(project);
  await writeFile(
    join(project, "package.json"),
    JSON.stringify({
      name: "my-app",
      private: true,
      type: "module",
      scripts: { test: "node round-trip.mjs" },
      overrides: { "@stashkit/stall-reasons": stallReasons },
    }),
  );
  await writeFile(join(project, "round-trip.mjs"), ROUND_TRIP);
  await run(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      emulatorTarball,
      "@upstash/qstash@2",
    ],
    { cwd: project, env: cleanEnv },
  );
}, 180_000);

afterAll(async () => {
  for (const pid of started) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  if (work) await rm(work, { recursive: true, force: true });
});

/** What a user's integration test does: publish with the SDK, receive, verify the signature. */
const ROUND_TRIP = `import { createServer } from "node:http";
import { Client, Receiver } from "@upstash/qstash";

const arrived = Promise.withResolvers();
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    res.end("ok");
    arrived.resolve({ signature: req.headers["upstash-signature"], body });
  });
});
await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
const url = \`http://127.0.0.1:\${server.address().port}/webhook?from=installed\`;
await new Client().publishJSON({ url, body: { installed: true } });
const timer = setTimeout(() => arrived.reject(new Error("no delivery within 60 s")), 60_000);
const { signature, body } = await arrived.promise;
clearTimeout(timer);
server.close();
const verified = await new Receiver().verify({ signature, body, url });
console.log(\`round trip: delivered \${body}, signature verified: \${verified}\`);
if (!verified || JSON.parse(body).installed !== true) process.exit(1);
`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs one `run:` script the way the runner does (`bash --noprofile --norc -eo pipefail`). */
async function runStep(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const file = join(work, `step-${Math.random().toString(36).slice(2)}.sh`);
  await writeFile(file, script);
  const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", file], {
    cwd: project,
    env: { ...cleanEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, output };
}

/** `KEY=value` lines a step appended to `$GITHUB_ENV`. */
async function githubEnv(file: string): Promise<Record<string, string>> {
  const text = existsSync(file) ? await readFile(file, "utf8") : "";
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const equals = line.indexOf("=");
    if (equals > 0) env[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return env;
}

interface WorkflowStep {
  name?: string;
  run?: string;
}

describe("the packed and installed package", () => {
  it("runs `npx stashkit-emulator --help`", async () => {
    const { stdout } = await run("npx", ["--no-install", "stashkit-emulator", "--help"], {
      cwd: project,
      env: cleanEnv,
    });
    expect(stdout).toContain("Usage: stashkit-emulator [options]");
    expect(stdout).toContain("--current-signing-key");
  });

  it("runs the README's workflow: start in the background, an SDK round trip with a verified signature, stop", async () => {
    const workflow = parse(readmeExample("github-workflow")) as {
      jobs: { integration: { env: Record<string, string>; steps: WorkflowStep[] } };
    };
    const job = workflow.jobs.integration;
    const step = (name: string): string => {
      const found = job.steps.find((candidate) => candidate.name === name)?.run;
      if (found === undefined) throw new Error(`the README workflow has no step "${name}"`);
      return found;
    };
    const port = await freePort();
    const envFile = join(work, "github-env");
    // Only the port differs from the README: tests on this machine must not collide on 8787.
    const base = { ...job.env, EMULATOR_PORT: String(port), GITHUB_ENV: envFile, RUNNER_TEMP: work };

    const start = await runStep(step("Start the QStash emulator"), base);
    expect(start.output).toBe("");
    expect(start.code).toBe(0);
    const exported = await githubEnv(envFile);
    expect(exported["QSTASH_URL"]).toBe(`http://127.0.0.1:${port}`);
    const pidFile = join(work, "qstash-emulator.pid");
    started.push(Number(await readFile(pidFile, "utf8")));

    const tests = await runStep(step("Integration tests"), { ...base, ...exported });
    expect(tests.output).toContain('round trip: delivered {"installed":true}, signature verified: true');
    expect(tests.code).toBe(0);

    const stop = await runStep(step("Stop the QStash emulator"), { ...base, ...exported });
    expect(stop.code).toBe(0);
    expect(stop.output).toContain(`stashkit emulator listening on http://127.0.0.1:${port}`);
    expect(stop.output).toContain("QSTASH_CURRENT_SIGNING_KEY=sig_ci_current_key");
    await expect(waitUntilClosed(port)).resolves.toBe(true);
    expect(existsSync(pidFile)).toBe(false);
  }, 60_000);
});

/** Whether the port stops accepting connections (bounded polling, not a timing assertion). */
async function waitUntilClosed(port: number): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/v2/queues`);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
