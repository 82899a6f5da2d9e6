#!/usr/bin/env node
// Adds up the JSON reports every vitest run writes (test-results/vitest.json in each
// package, and test-results/vitest-node22.json of the packages run on Node 22 too) and prints one closing line, "N passed, M failed", that CI reads. Exits 1
// when any test failed, when a package with tests wrote no report, or when nothing ran.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const rows = [];
let missing = 0;
const projects = [
  ...["packages", "actions", "bench"].flatMap((group) =>
    existsSync(join(root, group))
      ? readdirSync(join(root, group))
          .sort()
          .map((name) => `${group}/${name}`)
      : [],
  ),
  // The repository's own checks live beside the scripts that run them.
  "scripts",
  // The emulator's container image, tested against a real Docker engine.
  "container",
];
for (const project of projects) {
  const dir = join(root, project);
  if (!existsSync(join(dir, "vitest.config.ts"))) continue;
  const report = join(dir, "test-results", "vitest.json");
  if (!existsSync(report)) {
    rows.push({ project, passed: 0, failed: 0, skipped: 0, note: "no report" });
    missing++;
    continue;
  }
  const r = JSON.parse(readFileSync(report, "utf8"));
  rows.push({
    project,
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
    note: "",
  });
}

// The packages that claim Node >= 22 also ran on Node 22 (scripts/test-node22.mjs): their own rows.
for (const name of ["core", "emulator", "ci-context", "cli"]) {
  const report = join(root, "packages", name, "test-results", "vitest-node22.json");
  const project = `packages/${name} (node 22)`;
  if (!existsSync(report)) {
    rows.push({ project, passed: 0, failed: 0, skipped: 0, note: "no report" });
    missing++;
    continue;
  }
  const r = JSON.parse(readFileSync(report, "utf8"));
  rows.push({
    project,
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
    note: "",
  });
}

const reliability = join(root, "reliability/test-results/reliability.json");
if (existsSync(reliability)) {
  const r = JSON.parse(readFileSync(reliability, "utf8"));
  rows.push({
    project: "reliability",
    passed: r.passed,
    failed: r.failed,
    skipped: 0,
    note: `${r.leaks} leaks in ${r.secretsChecked} secret checks`,
  });
} else {
  rows.push({ project: "reliability", passed: 0, failed: 0, skipped: 0, note: "no report" });
  missing++;
}

const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
const width = Math.max(7, ...rows.map((r) => r.project.length));
console.log(`\n${"project".padEnd(width)}  passed  failed  skipped`);
for (const r of rows) {
  const counts = `${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}`;
  console.log(`${r.project.padEnd(width)}  ${counts}  ${r.note}`);
}
const coverageFile = join(root, "packages/core/coverage/coverage-summary.json");
if (existsSync(coverageFile)) {
  const lines = JSON.parse(readFileSync(coverageFile, "utf8")).total.lines;
  console.log(
    `\npackages/core line coverage: ${lines.pct}% (${lines.covered} of ${lines.total} lines; at least 90% required)`,
  );
}
const passed = total("passed");
const failed = total("failed");
const skipped = total("skipped");
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (failed > 0 || missing > 0 || passed === 0) process.exit(1);
