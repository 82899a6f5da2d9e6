import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
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
