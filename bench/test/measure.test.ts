import assert from "node:assert/strict";
import { test } from "node:test";
import { timeCommand } from "../src/measure.ts";

const env = { PATH: process.env["PATH"] ?? "" };

test("a Node run reports its CPU time beside its wall time and peak memory", async () => {
  const idle = await timeCommand(process.execPath, ["-e", "0"], env);
  // A fixed amount of work (not a fixed time, which a busy machine would spend waiting).
  const busy = await timeCommand(
    process.execPath,
    ["-e", "let x = 0; for (let i = 0; i < 2e8; i++) x += i;"],
    env,
  );
  assert.equal(busy.exitCode, 0);
  assert.ok(busy.rssMb !== undefined && busy.rssMb > 10, `peak RSS ${busy.rssMb} MB`);
  assert.ok(idle.cpuMs !== undefined && busy.cpuMs !== undefined, "CPU time read");
  assert.ok(busy.cpuMs > idle.cpuMs + 50, `CPU ${busy.cpuMs} ms against ${idle.cpuMs} ms idle`);
  // One thread does the work: its CPU time fits in the wall time (helper threads aside).
  assert.ok(busy.cpuMs <= busy.ms + 100, `CPU ${busy.cpuMs} ms, wall ${busy.ms} ms`);
});

test("a process that is not Node reports no CPU time", async () => {
  const sample = await timeCommand("sh", ["-c", "exit 0"], env);
  assert.equal(sample.exitCode, 0);
  assert.equal(sample.cpuMs, undefined);
});
