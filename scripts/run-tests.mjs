#!/usr/bin/env node
// `pnpm test`: every stage in order, each one run even when an earlier one failed (a lint error
// says nothing about the tests), then the closing lines: the table of every suite's report, the
// stages that failed by name, and "N passed, M failed" last, as CI reads it.
//
// The stages run with a temp folder of their own (TMPDIR): whatever a test leaves there is named
// and fails the run, and the folder is removed either way, so the machine's temp folder keeps
// nothing of a run, passed or failed. A stage that lacks what it needs (scripts/lib/prerequisites.mjs)
// says which, and how to get it, before it runs, and is named with it when it fails.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { missingPrerequisites } from "./lib/prerequisites.mjs";
import { coverageNotes, readRows, removeReports, summaryLines } from "./lib/test-reports.mjs";
import { TEST_STAGES } from "./lib/test-stages.ts";

const root = process.env.STASHKIT_TEST_ROOT ?? new URL("..", import.meta.url).pathname;
// STASHKIT_TEST_STAGES (JSON, as TEST_STAGES) stands in for them in the script's own test.
const STAGES = process.env.STASHKIT_TEST_STAGES ? JSON.parse(process.env.STASHKIT_TEST_STAGES) : TEST_STAGES;

removeReports(root);
const temp = mkdtempSync(join(tmpdir(), "stashkit-test-tmp-"));
const env = { ...process.env, TMPDIR: temp, TURBO_TELEMETRY_DISABLED: "1" };
const failed = [];
// Ctrl-C or a kill of this process stops the stage that runs (a terminal's Ctrl-C reaches it
// anyway), then the summary is printed and the temp folder removed before this process ends.
let interrupted;
let running;
const stop = (signal) => {
  interrupted = signal;
  running?.kill(signal);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const stage of STAGES) {
  if (interrupted) break;
  // What the stage needs and lacks (Node 22, Chromium, a Docker engine…), with how to get it,
  // checked as it starts: an engine that stopped during the run is named too.
  const lacking = missingPrerequisites(stage.needs, env);
  for (const { line } of lacking) console.log(`pnpm test: ${stage.name} needs ${line}`);
  const [command, ...args] = stage.command;
  const started = Date.now();
  running = spawn(command, args, { cwd: root, env, stdio: "inherit" });
  const child = running;
  // The exit code, or the error that kept the command from starting.
  const outcome = await new Promise((resolve) => {
    child.once("exit", resolve);
    child.once("error", resolve);
  });
  running = undefined;
  // Each stage's time, so a CI run that grows says where (the 90-minute limit is the run's).
  console.log(`pnpm test: ${stage.name} took ${Math.round((Date.now() - started) / 1000)} s`);
  if (outcome instanceof Error) failed.push({ ...stage, name: `${stage.name}: ${outcome.message}` });
  else if (interrupted) failed.push({ name: `${stage.name}, stopped by ${interrupted}` });
  else if (outcome !== 0) {
    const without = lacking.map(({ name }) => name).join(", ");
    failed.push(without === "" ? stage : { ...stage, name: `${stage.name}, without ${without}` });
  }
}

// Node's own compile cache (module.enableCompileCache(), which the tools turn on) is no test's.
const TOOL_CACHES = ["node-compile-cache"];
const left = readdirSync(temp).filter((name) => !TOOL_CACHES.includes(name));
rmSync(temp, { recursive: true, force: true });
if (left.length > 0 && !interrupted) {
  const shown = left.slice(0, 20).join(", ") + (left.length > 20 ? ", ..." : "");
  failed.push({ name: `the temp folder: the tests left ${left.length} entries (${shown})` });
}

const { lines, failed: failures, passed } = summaryLines(readRows(root), failed, coverageNotes(root));
console.log(lines.join("\n"));
if (interrupted) {
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  process.kill(process.pid, interrupted);
}
process.exit(failures > 0 || passed === 0 ? 1 : 0);
