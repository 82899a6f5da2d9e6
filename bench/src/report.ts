// The results of a run: the table on stdout (with the bundle sizes, the peak RSS of our runs and
// the tables by phase) and `bench/results.json`, with the machine and its load.
import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { actionBundleBytes } from "@stashkit/testing";
import { type BenchOptions, DELETE, ENSURE, RESUME } from "./bench-options.ts";
import { phaseTable } from "./phases.ts";
import type { Requests, Row } from "./row.ts";

// Issue 28: each action's bundle at most 300 KB: the entry and every chunk it may load, except
// undici's (loaded only behind a proxy). The entry alone is what a step refusing an input compiles.
const BUNDLE_LIMIT = 300 * 1024;
// The RSS target is the actions' and the CLI's; E1 measures the emulator, not our runs, and
// S9–S11's memory has a target of its own (S10m).
const SEEDING = ["S9", "S10", "S10m", "S11"];

/** An action's bundle (`dist/` but undici's chunk) and its `dist/index.js`, in bytes. */
function bundleSize(dir: string): { action: string; bytes: number; entryBytes: number } {
  return { action: dir.split("/").at(-1) as string, ...actionBundleBytes(dir) };
}

const cpuFigure = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? "-" : ms.toFixed(0));
const cpuText = (r: Row) => `${cpuFigure(r.oursCpuMs)}/${cpuFigure(r.theirsCpuMs)}`.padEnd(18);
const format = (n: number) => (Number.isNaN(n) ? "-" : n.toFixed(0)).padStart(6);
const requestText = (r: Requests | undefined) =>
  r === undefined
    ? "-"
    : `${r.api}${r.rateLimited > 0 ? `+${r.rateLimited}×429` : ""}${r.github > 0 ? ` gh ${r.github}` : ""}`;

function printRows(rows: readonly Row[], options: BenchOptions): void {
  console.log(
    `\nstashkit benchmark (${options.quick ? "quick: " : ""}${options.pairs} pairs per comparison unless noted, 50 ms emulated latency)\n`,
  );
  // The verdict column is as wide as its longest entry ("not judged in quick mode" in a quick run).
  const verdictWidth = Math.max(7, ...rows.map((r) => r.verdict.length));
  console.log(
    `scen  against                             ours ms  theirs ms  ratio  target                      ${"verdict".padEnd(verdictWidth)}  ours req           theirs req    ours peak RSS  CPU ms ours/theirs`,
  );
  for (const r of rows) {
    const target = [r.target === undefined ? "" : `≤ ${r.target.toFixed(2)}`, r.ownTarget ?? ""]
      .filter(Boolean)
      .join("; ");
    const ratio = Number.isNaN(r.ratio) ? "    -" : r.ratio.toFixed(2).padStart(5);
    const notes = [r.pairs !== options.pairs ? `${r.pairs} pairs` : "", r.note ?? ""]
      .filter(Boolean)
      .join("; ");
    const rss = (Number.isNaN(r.oursRssMb) ? "-" : `${r.oursRssMb.toFixed(0)} MB`).padEnd(13);
    console.log(
      `${r.scenario.padEnd(4)}  ${r.against.padEnd(34)}  ${format(r.oursMs)}  ${format(r.theirsMs)}  ${ratio}  ${(target || "-").padEnd(26)}  ${r.verdict.padEnd(verdictWidth)}  ${requestText(r.oursRequests).padEnd(17)}  ${requestText(r.theirsRequests).padEnd(12)}  ${rss}  ${cpuText(r)}${notes ? `  (${notes})` : ""}`,
    );
  }
}

/** Prints the results and writes `bench/results.json`; `loadAtStart` is the load when the run began. */
export function report(rows: readonly Row[], options: BenchOptions, loadAtStart: number[]): void {
  const sizes = [ENSURE, RESUME, DELETE].map(bundleSize);
  printRows(rows, options);
  const peak = Math.max(
    ...rows
      .filter((r) => !r.scenario.startsWith("E") && !SEEDING.includes(r.scenario))
      .map((r) => r.oursRssMb),
  );
  console.log("\nbundle sizes (dist/index.js and every chunk but undici's, loaded only behind a proxy)");
  for (const s of sizes)
    console.log(
      `  ${s.action.padEnd(22)} ${(s.bytes / 1024).toFixed(0)} KB  ${s.bytes <= BUNDLE_LIMIT ? "PASS" : "MISS"} (≤ 300 KB); dist/index.js alone ${(s.entryBytes / 1024).toFixed(0)} KB`,
    );
  if (Number.isFinite(peak)) {
    // Reported, not judged: Node's own fetch peaks at 62-74 MB, and a 20-way fan-out adds ~18 MB
    // (README, "Peak memory with requests in flight"); S10m's memory has a target of its own.
    console.log(`peak RSS of our runs: ${peak.toFixed(0)} MB (reported, no target)`);
  }
  for (const r of rows) {
    if (!r.phases) continue;
    const title = `\n${r.scenario} by phase: median ms over ${r.phases.pairs} pair(s) run apart from the timed ones (each phase its own median: they need not add up to the total)`;
    console.log(phaseTable(title, r.phases.ours, r.phases.theirs, r.against.split(":")[0] ?? r.against));
  }
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    loadAverage: { start: loadAtStart, end: loadavg() },
  };
  const { quick, pairs } = options;
  writeFileSync(
    join(import.meta.dirname, "../results.json"),
    `${JSON.stringify({ date: new Date().toISOString(), quick, pairs, latencyMs: 50, machine, rows, sizes, peakRssMb: peak }, null, 2)}\n`,
  );
  console.log(
    `\nmachine: ${machine.cpus} × ${machine.cpu}, ${machine.memoryGb} GB, node ${machine.node}; load average ${loadAtStart.map((n) => n.toFixed(2)).join(" ")} at the start, ${machine.loadAverage.end.map((n) => n.toFixed(2)).join(" ")} at the end; results in bench/results.json`,
  );
}
