// The reports a `pnpm test` run leaves (each vitest project's test-results/vitest.json, the
// Node 22 runs' vitest-node22.json, the reliability suite's reliability.json), read into one row
// per project, and the closing lines made of them and of the stages that failed.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/** The packages whose suites also run on Node 22 (scripts/test-node22.mjs). */
export const NODE22_PACKAGES = ["core", "emulator", "ci-context", "cli", "stall-reasons"];

/** Each report's path, with the stage that writes it: `vitest` (turbo's test tasks), `node22`, `reliability`. */
export function reportPaths(root) {
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
  ].filter((project) => existsSync(join(root, project, "vitest.config.ts")));
  return [
    ...projects.map((project) => ({
      project,
      stage: "vitest",
      path: join(root, project, "test-results/vitest.json"),
    })),
    ...NODE22_PACKAGES.filter((name) => projects.includes(`packages/${name}`)).map((name) => ({
      project: `packages/${name} (node 22)`,
      stage: "node22",
      path: join(root, "packages", name, "test-results/vitest-node22.json"),
    })),
    { project: "reliability", stage: "reliability", path: join(root, "reliability/test-results/reliability.json") },
  ];
}

/** Removes every report, so that a stage that fails before writing its own shows "no report", not an old one. */
export function removeReports(root) {
  for (const { path } of reportPaths(root)) rmSync(path, { force: true });
}

/** One row per report: passed, failed, skipped, and a note ("no report", or the leak count). */
export function readRows(root) {
  return reportPaths(root).map(({ project, stage, path }) => {
    if (!existsSync(path)) return { project, stage, passed: 0, failed: 0, skipped: 0, note: "no report" };
    const r = JSON.parse(readFileSync(path, "utf8"));
    if (stage === "reliability") {
      const note = `${r.leaks} leaks in ${r.secretsChecked} secret checks`;
      return { project, stage, passed: r.passed, failed: r.failed, skipped: 0, note };
    }
    const skipped = r.numPendingTests + r.numTodoTests;
    return { project, stage, passed: r.numPassedTests, failed: r.numFailedTests, skipped, note: "" };
  });
}

/**
 * The table, the failed stages named, and the closing line "N passed, M failed" (", K skipped"
 * when some were). M counts failed tests, missing reports, and each failed stage that none of
 * those accounts for (a lint, a check, files left in the temp folder): a failure never shows as
 * "0 failed". `failedStages` holds `{ name, report? }`, `report` being the stage whose reports it
 * writes; `notes` are lines shown above the closing one.
 */
export function summaryLines(rows, failedStages = [], notes = []) {
  const width = Math.max(7, ...rows.map((r) => r.project.length));
  const lines = ["", `${"project".padEnd(width)}  passed  failed  skipped`];
  for (const r of rows) {
    const counts = `${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}`;
    lines.push(`${r.project.padEnd(width)}  ${counts}  ${r.note}`.trimEnd());
  }
  const missing = rows.filter((r) => r.note === "no report").length;
  const accounted = (stage) =>
    stage.report !== undefined &&
    rows.some((r) => r.stage === stage.report && (r.failed > 0 || r.note === "no report"));
  const unaccounted = failedStages.filter((stage) => !accounted(stage)).length;
  const passed = rows.reduce((sum, r) => sum + r.passed, 0);
  const failed = rows.reduce((sum, r) => sum + r.failed, 0) + missing + unaccounted;
  const skipped = rows.reduce((sum, r) => sum + r.skipped, 0);
  lines.push(...notes);
  if (failedStages.length > 0) {
    lines.push("", `failed stages: ${failedStages.map((stage) => stage.name).join("; ")}`);
  }
  if (missing > 0) lines.push(`no report from: ${rows.filter((r) => r.note === "no report").map((r) => r.project).join(", ")}`);
  lines.push("", `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  return { lines, failed, passed };
}

/** Core's line coverage, when its report is there. */
export function coverageNotes(root) {
  const file = join(root, "packages/core/coverage/coverage-summary.json");
  if (!existsSync(file)) return [];
  const lines = JSON.parse(readFileSync(file, "utf8")).total.lines;
  return [
    "",
    `packages/core line coverage: ${lines.pct}% (${lines.covered} of ${lines.total} lines; at least 90% required)`,
  ];
}
