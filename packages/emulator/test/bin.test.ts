import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emulator } from "./helpers.ts";
import { startBin } from "./start-bin.ts";

async function runBin(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "../dist/bin.js"), ...args]);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on("data", (chunk: Buffer) => {
    // It should not start; if it does, end it so the test fails instead of hanging.
    if (chunk.toString().includes("listening on")) child.kill("SIGTERM");
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stderr };
}

describe("the stashkit-emulator command refuses to start", () => {
  it("on a port already in use, with exit code 2 and one line", async () => {
    const taken = await emulator();
    const { code, stderr } = await runBin(["--port", String(taken.port)]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `stashkit-emulator: --port ${taken.port}: 127.0.0.1:${taken.port} is already in use; pick another port or 0 for a free one\n`,
    );
  });

  it.each([
    [
      ["--messaging-rate-limit", "2000000"],
      /setting "messagingRateLimit" must be a whole number of requests per second/,
    ],
    [["--management-rate-limit", "lots"], /--management-rate-limit must be a whole number/],
    [["--latency", "700000"], /setting "latencyMs" must be a whole number of milliseconds from 0 to 600000/],
    [["--control-token", ""], /--control-token \(or STASHKIT_EMULATOR_CONTROL_TOKEN\) must not be empty/],
    [
      ["--public-url", "http://user:pw@localhost:1/x?y"],
      /--public-url must be an http\(s\) origin such as http:\/\/localhost:8787/,
    ],
    [["--prot", "1"], /^stashkit-emulator: unknown option '--prot' \(Did you mean --port\?\)\nUsage: /],
  ])("with %j, with exit code 2 and a message", async (args, message) => {
    const { code, stderr } = await runBin(["--port", "0", ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

// Node itself reads --env-file (to load variables), even after the script: the emulator writes its
// variables with --write-env-file, and the spelling the issue asked for points there.
it("--env-file (Node's own flag, which reads a file) points at --write-env-file", async () => {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-emulator-env-file-"));
  try {
    // It must exist: Node reads it before the emulator runs, and stops when it does not.
    const file = join(folder, "existing.env");
    writeFileSync(file, "");
    const { code, stderr } = await runBin(["--port", "0", "--env-file", file]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^stashkit-emulator: unknown option '--env-file' \(Did you mean --write-env-file\? --env-file is Node's own flag, which reads variables from a file\)\nUsage: /,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

describe("the stashkit-emulator banner", () => {
  it("bound to every interface (--host 0.0.0.0), prints a URL a client can use, and says where it is bound", async () => {
    const started = await startBin(["--host", "0.0.0.0"]);
    try {
      const { port } = new URL(started.url);
      expect(started.url).toBe(`http://127.0.0.1:${port}`);
      expect(started.banner).toContain(`bound to 0.0.0.0, every interface`);
      expect(started.banner).toContain(`QSTASH_URL=http://127.0.0.1:${port} `);
      expect(started.banner).not.toContain("http://0.0.0.0");
      const answer = await fetch(`${started.url}/__stashkit/requests`);
      expect(answer.status).toBe(200);
    } finally {
      started.process.kill("SIGTERM");
      await started.exited;
    }
  });
});

describe("the stashkit-emulator banner's variables", () => {
  it("with --from-env, STASHKIT_PUBLIC_URL and STASHKIT_WRITE_ENV_FILE (a container's settings) are read too", async () => {
    const folder = mkdtempSync(join(tmpdir(), "stashkit-emulator-env-"));
    const file = join(folder, "emulator.env");
    // Only these: the test runner's own STASHKIT_* variables would stop a --from-env start.
    const started = await startBin(
      ["--from-env"],
      {
        PATH: process.env["PATH"] ?? "",
        STASHKIT_PUBLIC_URL: "http://localhost:18787",
        STASHKIT_WRITE_ENV_FILE: file,
      },
      { inherit: false },
    );
    try {
      expect(started.banner).toContain("reached at http://localhost:18787, --public-url");
      expect(readFileSync(file, "utf8")).toContain("QSTASH_URL=http://localhost:18787\n");
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      started.process.kill("SIGTERM");
      await started.exited;
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** Runs the command until its banner, then stops it: its stdout and stderr. */
async function bannerAndStderr(args: string[]): Promise<{ banner: string; stderr: string }> {
  const child = spawn(process.execPath, [
    join(import.meta.dirname, "../dist/bin.js"),
    "--port",
    "0",
    ...args,
  ]);
  let [banner, stderr] = ["", ""];
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on("data", (chunk: Buffer) => {
    banner += chunk.toString();
    if (banner.includes("control API")) child.kill("SIGTERM");
  });
  await once(child, "exit");
  return { banner, stderr };
}

// Anyone who reaches the port could publish to any address the host reaches and read every
// index's tokens: the image's settings (0.0.0.0, the public defaults) must say so.
describe("an emulator reachable beyond loopback with the public credentials", () => {
  const WARNING =
    /^stashkit-emulator: warning: listening on (0\.0\.0\.0|::) \(beyond loopback\) with the public default (messaging token and account|messaging token|account): anyone who reaches port \d+ can publish to any address this machine reaches and read every search index's tokens; give your own \(--token and --account, or STASHKIT_TOKEN and STASHKIT_ACCOUNT\), or bind 127\.0\.0\.1$/;

  it("warns once on stderr and in the banner, naming the credentials still public", async () => {
    for (const [args, which] of [
      [["--host", "0.0.0.0"], "messaging token and account"],
      [["--host", "::", "--token", "t-1"], "account"],
      [["--host", "0.0.0.0", "--account", "me@example.com:k-1"], "messaging token"],
    ] as const) {
      const { banner, stderr } = await bannerAndStderr([...args]);
      const lines = stderr.trimEnd().split("\n");
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(WARNING);
      expect(lines[0]).toContain(`the public default ${which}:`);
      expect(banner).toContain(
        `  warning         listening beyond loopback with the public default ${which}`,
      );
    }
  });

  it("says nothing on loopback, or with credentials of your own", async () => {
    for (const args of [
      ["--host", "127.0.0.1"],
      ["--host", "localhost"],
      ["--host", "0.0.0.0", "--token", "t-2", "--account", "me@example.com:k-2"],
    ]) {
      const { banner, stderr } = await bannerAndStderr(args);
      expect(stderr).toBe("");
      expect(banner).not.toContain("warning");
    }
  });
});
