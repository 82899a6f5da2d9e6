// A snapshot or data file holding more than a limit allows is refused with one line naming the
// file, the limit and the setting that raises it, before anything is replaced; never a stack
// trace, never a 500 (issue 43 item 5, issue 49 item 2).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFileError, SNAPSHOT_FORMAT, SnapshotError, startEmulator } from "../src/index.ts";
import { DEFAULT_MESSAGING_TOKEN } from "../src/internal.ts";
import { control, emulator, messaging } from "./helpers.ts";
import { startBin } from "./start-bin.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), "stashkit-limits-"));
  folders.push(made);
  return made;
}

const RUN = {
  runId: "wfr_1",
  url: "http://127.0.0.1:9/wf",
  createdAt: 1,
  state: "RUN_STARTED",
  initialBody: "",
  errors: [],
  history: [],
};

/** A snapshot whose one run waits for `count` events (or `runs` runs one wait each). */
function waitsSnapshot(count: number, runs = 1) {
  const workflowRuns = Object.fromEntries(
    Array.from({ length: runs }, (_, n) => [`wfr_${n}`, { ...RUN, runId: `wfr_${n}` }]),
  );
  const workflowWaiters = Array.from({ length: count }, (_, n) => ({
    eventId: `event-${n}`,
    runId: `wfr_${n % runs}`,
    url: RUN.url,
    step: {},
    headers: {},
    timeoutUrl: RUN.url,
    createdAt: 1,
    deadline: 4102444800000,
    timeout: "7d",
  }));
  return { format: SNAPSHOT_FORMAT, version: 1, exportedAt: "", state: { workflowRuns, workflowWaiters } };
}

async function runBin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [
    join(import.meta.dirname, "../dist/bin.js"),
    "--port",
    "0",
    ...args,
  ]);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes("listening on")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

describe("a snapshot over a limit", () => {
  it.each([
    [
      "101 waits for one run",
      waitsSnapshot(101),
      "101 waits open for one run",
      "waitsPerRun",
      100,
      "waits-per-run",
    ],
    ["10,001 waits", waitsSnapshot(10_001, 101), "10001 waits open", "waits", 10_000, "waits"],
  ])(
    "(%s) stops --import with one line naming the file, the limit and the flag that raises it",
    async (_case, snapshot, holds, limit, most, flag) => {
      const file = join(folder(), "big.json");
      writeFileSync(file, JSON.stringify(snapshot));
      const { code, stdout, stderr } = await runBin(["--import", file]);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        `stashkit-emulator: snapshot "${file}" holds ${holds}, more than limits.${limit} allows (${most}): start the emulator with a higher one (--limit-${flag} N, or limits.${limit} of startEmulator) to use it\n`,
      );
      expect(code).toBe(2);
    },
  );

  it("loads once the limit is raised", async () => {
    const file = join(folder(), "big.json");
    writeFileSync(file, JSON.stringify(waitsSnapshot(150)));
    const server = await emulator({ importFile: file, limits: { waitsPerRun: 150 } });
    expect(server.state.workflowWaiters).toHaveLength(150);
  });

  it("is refused by POST /__stashkit/import with a 400 naming the limit, and changes nothing", async () => {
    const server = await emulator();
    await messaging(server).upsert({ queueName: "kept", paused: true });
    const before = server.exportSnapshot().state;
    const answer = await control(server).post("/import", waitsSnapshot(10_001, 101));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: expect.stringContaining("holds 10001 waits open, more than limits.waits allows (10000)"),
    });
    expect(server.exportSnapshot().state).toEqual(before);
  });

  it("is refused by restore() in code with a SnapshotError", async () => {
    const server = await emulator({ limits: { messages: 1 } });
    const message = { destination: "http://127.0.0.1:9/a", method: "POST", headers: {}, body: "" };
    const messages = ["m1", "m2"].map((id) => ({
      ...message,
      id,
      createdAt: 1,
      notBefore: 4102444800000,
      maxRetries: 0,
      retried: 0,
      nextAttemptAt: 0,
    }));
    const snapshot = { format: SNAPSHOT_FORMAT, version: 1, exportedAt: "", state: { messages } };
    expect(() => server.restore(snapshot)).toThrow(SnapshotError);
    expect(() => server.restore(snapshot)).toThrow(
      "holds 2 messages waiting, more than limits.messages allows (1)",
    );
    expect(server.state.messages).toEqual([]);
  });
});

describe("a data file over a limit", () => {
  it("stops the start with a DataFileError naming the file, the limit and the setting", async () => {
    const file = join(folder(), "state.db");
    const first = await startEmulator({ dataFile: file });
    for (const name of ["a", "b", "c"]) await messaging(first).upsert({ queueName: name, paused: true });
    for (const name of ["a", "b", "c"]) {
      const sent = await fetch(`${first.url}/v2/enqueue/${name}/http://127.0.0.1:9/x`, {
        method: "POST",
        headers: { authorization: `Bearer ${first.messagingToken}` },
        body: "x",
      });
      expect(sent.status).toBe(200);
    }
    await first.stop();
    const started = startEmulator({ dataFile: file, limits: { messages: 2 } });
    await expect(started).rejects.toBeInstanceOf(DataFileError);
    await expect(started).rejects.toThrow(
      `data file "${file}" holds 3 messages waiting, more than limits.messages allows (2): start the emulator with a higher one (--limit-messages N, or limits.messages of startEmulator) to use it`,
    );
    const again = await startEmulator({ dataFile: file, limits: { messages: 3 } });
    expect(Object.values(again.state.queues).map((queue) => queue.messages.length)).toEqual([1, 1, 1]);
    await again.stop();
  });
});

describe("the limits on the command line", () => {
  const later = { authorization: `Bearer ${DEFAULT_MESSAGING_TOKEN}`, "upstash-delay": "1d" };
  const publish = (url: string, n: number) =>
    fetch(`${url}/v2/publish/http://127.0.0.1:9/m${n}`, { method: "POST", headers: later, body: "x" });

  it.each([
    ["--limit-messages 2", ["--limit-messages", "2"], {}],
    ["STASHKIT_LIMIT_MESSAGES=2 with --from-env", ["--from-env"], { STASHKIT_LIMIT_MESSAGES: "2" }],
  ])("%s: the raised or lowered limit holds, and its refusal names the flag", async (_case, args, env) => {
    // Only the variables given: the test run's own STASHKIT_* would be read too, and refused.
    const bin = await startBin(args, { PATH: process.env["PATH"] ?? "", ...env }, { inherit: false });
    try {
      const answers = [];
      for (const n of [1, 2, 3]) answers.push(await publish(bin.url, n));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400]);
      expect(await answers[2]?.json()).toEqual({
        error:
          "Limit reached: the emulator holds at most 2 messages waiting (--limit-messages N, or limits.messages of startEmulator)",
      });
    } finally {
      bin.process.kill("SIGTERM");
      await bin.exited;
    }
  });

  it("--limit-waits-per-run 150 starts on a snapshot the default refuses", async () => {
    const file = join(folder(), "big.json");
    writeFileSync(file, JSON.stringify(waitsSnapshot(150)));
    const refused = await runBin(["--import", file]);
    expect(refused.code).toBe(2);
    const bin = await startBin(["--import", file, "--limit-waits-per-run", "150"]);
    try {
      const state = await fetch(`${bin.url}/__stashkit/state`);
      const body = (await state.json()) as { workflowWaiters: unknown[] };
      expect(body.workflowWaiters).toHaveLength(150);
    } finally {
      bin.process.kill("SIGTERM");
      await bin.exited;
    }
  });

  it("refuses a limit below 1 by its flag, and says each flag's default in --help", async () => {
    const bad = await runBin(["--limit-waits", "0"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^stashkit-emulator: --limit-waits .*1/);
    const help = await runBin(["--help"]);
    expect(help.stdout.replace(/\s+/g, " ")).toContain(
      "--limit-kept-events N message events kept for GET /v2/events and /v2/logs (default 10000)",
    );
  });
});
