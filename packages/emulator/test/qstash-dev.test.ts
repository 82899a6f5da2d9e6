import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client } from "@upstash/qstash";
import { afterEach, describe, expect, it } from "vitest";
import { readCommandLine } from "../src/command-line/parse.ts";
import { QSTASH_DEV_SERVER } from "../src/options/qstash-dev.ts";
import { emulator, TEST_STORE } from "./helpers.ts";

const run = promisify(execFile);
const FIXTURES = join(import.meta.dirname, "fixtures/dev-mode");
const BIN = join(import.meta.dirname, "../dist/bin.js");

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), "stashkit-qstash-dev-"));
  cleanups.push(() => rmSync(made, { recursive: true, force: true }));
  return made;
}

/** A port free a moment ago: the dev mode's port is chosen by a variable, not by the emulator. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `stashkit-emulator --qstash-dev` with no --port: QSTASH_DEV_PORT picks it, as it does for the SDK. */
async function devServer(port: number): Promise<{ child: ChildProcess; banner: string }> {
  const data = TEST_STORE === "durable" ? ["--data-file", join(folder(), "state.db")] : [];
  const child = spawn(process.execPath, [BIN, "--qstash-dev", ...data], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, QSTASH_DEV_PORT: String(port) },
  });
  cleanups.push(() => child.kill());
  let banner = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      if (banner.includes("control API")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code} before listening`)));
  });
  return { child, banner };
}

describe("stashkit-emulator --qstash-dev", () => {
  it("is where an app with QSTASH_DEV=true and no other QStash setting publishes, receives and verifies, with no network", async () => {
    const port = await freePort();
    const { banner } = await devServer(port);
    expect(banner).toContain(`listening on http://127.0.0.1:${port}`);
    expect(banner).toContain(`QSTASH_TOKEN=${QSTASH_DEV_SERVER.token}`);
    expect(banner).toContain(`QSTASH_DEV=true QSTASH_DEV_PORT=${port}`);

    const app = await devModeApp(port, "app.mjs");
    const result = lastLine(app.stdout);
    expect(result).toMatchObject({ body: JSON.stringify({ hello: "dev mode" }), verified: true });
    expect(result["messageId"]).toEqual(expect.any(String));
    // The SDK's probe found this emulator, so it neither looked up nor downloaded its binary:
    // nothing went outside loopback, and its binary cache folder was never made.
    expect(app.stdout).toContain(`Server already running at http://127.0.0.1:${port}`);
    expect(app.outward).toBe("");
    expect(app.binaryCache).toBe(false);
  });

  it("runs a Workflow app in dev mode (serve() and the Workflow client, QSTASH_DEV=true only), signatures verified", async () => {
    const port = await freePort();
    await devServer(port);
    const app = await devModeApp(port, "workflow-app.mjs");
    const result = lastLine(app.stdout);
    expect(result).toMatchObject({ state: "RUN_SUCCESS", doubled: 42, label: "n=42" });
    expect(result["workflowRunId"]).toEqual(expect.stringMatching(/^wfr_/));
    expect(app.outward).toBe("");
    expect(app.binaryCache).toBe(false);
  });
});

/**
 * Runs a fixture app with only what dev mode needs in its environment (no QSTASH_TOKEN, QSTASH_URL
 * or signing key of any kind) and no network: `outward` lists each connection it tried to make
 * outside loopback, and `binaryCache` says whether the SDK made the folder it keeps its binary in.
 */
async function devModeApp(port: number, fixture: string) {
  const home = folder();
  const attempts = join(home, "outward-connections.log");
  const env = {
    PATH: process.env["PATH"] ?? "",
    HOME: home,
    QSTASH_DEV: "true",
    QSTASH_DEV_PORT: String(port),
    NO_NETWORK_LOG: attempts,
  };
  const { stdout } = await run(
    process.execPath,
    ["--import", join(FIXTURES, "no-network.mjs"), join(FIXTURES, fixture)],
    { env, cwd: FIXTURES, timeout: 90_000 },
  );
  return {
    stdout,
    outward: existsSync(attempts) ? readFileSync(attempts, "utf8") : "",
    binaryCache: existsSync(join(home, ".cache", "upstash")),
  };
}

function lastLine(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
}

describe("the dev server's credentials", () => {
  it("answers GET /v2/keys with the dev server's keys, to the dev server's token", async () => {
    const server = await emulator({ qstashDev: true });
    const answer = await fetch(`${server.url}/v2/keys`, {
      headers: { authorization: `Bearer ${QSTASH_DEV_SERVER.token}` },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(QSTASH_DEV_SERVER.signingKeys);
    expect(server.messagingToken).toBe(QSTASH_DEV_SERVER.token);
  });

  it("signs with the dev server's keys over keys given, and says it sets them aside", async () => {
    const lines: string[] = [];
    const server = await emulator({
      qstashDev: true,
      signingKeys: { current: "sig_given_current", next: "sig_given_next" },
      log: (line) => lines.push(line),
    });
    expect(server.signingKeys).toEqual(QSTASH_DEV_SERVER.signingKeys);
    expect(lines.join("\n")).toContain("the signing keys given are not used");
  });

  it("still accepts a --token given beside the dev server's", async () => {
    const server = await emulator({ qstashDev: true, messagingTokens: ["my-own"] });
    const client = new Client({ baseUrl: server.url, token: "my-own" });
    expect(await client.queue({ queueName: "q" }).upsert({ parallelism: 1 })).toBeUndefined();
  });

  // The SDK's own dev-server integration tests (qstash-js src/dev-server/index.test.ts): a client
  // with devMode: true and QSTASH_DEV_PORT publishes, batches and enqueues.
  it("serves a client with devMode: true as the SDK's dev-server tests drive it", async () => {
    const server = await emulator({ qstashDev: true });
    // The SDK reads the port from this process's environment, as those tests set it.
    const saved = process.env["QSTASH_DEV_PORT"];
    process.env["QSTASH_DEV_PORT"] = String(server.port);
    cleanups.push(() => {
      if (saved === undefined) delete process.env["QSTASH_DEV_PORT"];
      else process.env["QSTASH_DEV_PORT"] = saved;
    });
    const client = new Client({ devMode: true });
    const published = await client.publishJSON({ url: "http://127.0.0.1:9/a", body: { test: true } });
    expect(published.messageId).toEqual(expect.any(String));
    const batch = await client.batchJSON([
      { url: "http://127.0.0.1:9/1", body: { test: 1 } },
      { url: "http://127.0.0.1:9/2", body: { test: 2 } },
    ]);
    expect(batch).toHaveLength(2);
    const queued = await client.queue({ queueName: "test-queue" }).enqueue({
      url: "http://127.0.0.1:9/q",
      body: "queued message",
    });
    expect(queued.messageId).toEqual(expect.any(String));
    expect((await client.messages.get(queued.messageId)).queueName).toBe("test-queue");
  });
});

describe("--qstash-dev on the command line", () => {
  it("listens on 8080 unless --port or QSTASH_DEV_PORT says otherwise", () => {
    expect(readCommandLine(["--qstash-dev"], {}).options).toMatchObject({ qstashDev: true, port: 8080 });
    expect(readCommandLine(["--qstash-dev"], { QSTASH_DEV_PORT: "9123" }).options.port).toBe(9123);
    expect(
      readCommandLine(["--qstash-dev", "--port", "7001"], { QSTASH_DEV_PORT: "9123" }).options.port,
    ).toBe(7001);
    // As the SDK reads it: a value that is not a positive number is 8080 there too.
    expect(readCommandLine(["--qstash-dev"], { QSTASH_DEV_PORT: "nope" }).options.port).toBe(8080);
    expect(readCommandLine([], { QSTASH_DEV_PORT: "9123" }).options.port).toBe(8787);
  });

  it("is STASHKIT_QSTASH_DEV under --from-env (the image), true or 1", () => {
    for (const value of ["true", "1"]) {
      const { options } = readCommandLine(["--from-env"], { STASHKIT_QSTASH_DEV: value });
      expect(options).toMatchObject({ qstashDev: true, port: 8080 });
    }
    expect(readCommandLine(["--from-env"], { STASHKIT_QSTASH_DEV: "0" }).options.port).toBe(8787);
    expect(() => readCommandLine(["--from-env"], { STASHKIT_QSTASH_DEV: "yes" })).toThrow(
      'STASHKIT_QSTASH_DEV must be true, 1, false or 0, got "yes"',
    );
  });
});
