// One run of the emulator scenario (E1): starts `stashkit-emulator` (in memory, or with
// --data-file when BENCH_DATA_FILE=1), times it from spawn to its banner, then publishes
// BENCH_PUBLISHES messages, BENCH_CONCURRENCY at a time, to a local destination and times that.
// Writes `start-ms` and `publishes-per-second` to $GITHUB_OUTPUT, as the bench's runner reads it.
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

// BENCH_EMULATOR_BIN measures another build (e.g. a checkout of an earlier commit).
const BIN =
  process.env["BENCH_EMULATOR_BIN"] ?? join(import.meta.dirname, "../../packages/emulator/dist/bin.js");
const publishes = Number(process.env["BENCH_PUBLISHES"] ?? 1000);
const concurrency = Number(process.env["BENCH_CONCURRENCY"] ?? 10);
const folder = mkdtempSync(join(tmpdir(), "stashkit-bench-emulator-"));
// Removed however the run ends (a publish that fails throws past the removal below).
process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
const persisted = process.env["BENCH_DATA_FILE"] === "1" ? ["--data-file", join(folder, "state.db")] : [];

const sink = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.end("ok"));
});
await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
const destination = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;

const started = performance.now();
const emulator = spawn(process.execPath, [BIN, "--port", "0", ...persisted], {
  stdio: ["ignore", "pipe", "inherit"],
  // The bench's RSS probe is for the run being measured, not for this child.
  env: { ...process.env, NODE_OPTIONS: "" },
});
let banner = "";
const url = await new Promise<string>((resolve, reject) => {
  emulator.stdout.on("data", (chunk: Buffer) => {
    banner += chunk.toString();
    const found = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
    if (found && banner.includes("control API")) resolve(found);
  });
  emulator.once("exit", (code) => reject(new Error(`the emulator exited with ${code} before listening`)));
});
const startMs = performance.now() - started;
const token = /QSTASH_TOKEN=(\S+)/.exec(banner)?.[1] ?? "";

let next = 0;
const publisher = async () => {
  while (next < publishes) {
    next++;
    const answer = await fetch(`${url}/v2/publish/${destination}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" },
      body: `message ${next}`,
    });
    if (answer.status !== 201 && answer.status !== 200) throw new Error(`publish answered ${answer.status}`);
    await answer.arrayBuffer();
  }
};
const publishStarted = performance.now();
await Promise.all(Array.from({ length: concurrency }, publisher));
const perSecond = publishes / ((performance.now() - publishStarted) / 1000);

emulator.kill("SIGTERM");
await new Promise((resolve) => emulator.once("exit", resolve));
sink.close();
rmSync(folder, { recursive: true, force: true });
const output = process.env["GITHUB_OUTPUT"];
if (output)
  appendFileSync(output, `start-ms=${startMs.toFixed(0)}\npublishes-per-second=${perSecond.toFixed(0)}\n`);
