// The stages of `pnpm test` (scripts/run-tests.mjs), in order. `report`: the stage whose reports
// (scripts/lib/test-reports.mjs) a stage writes, so that a failed test is not counted twice.

/**
 * turbo's arguments: a failed task stops only the tasks that need it. By default turbo cancels
 * every task still running, and pnpm printed "Test failed" for a test task that had only been
 * cancelled; now none is cancelled midway, and every suite that can run does.
 */
export const TURBO_ARGS = ["run", "build", "typecheck", "lint", "test", "--continue=dependencies-successful"];

export interface TestStage {
  name: string;
  command: string[];
  report?: "vitest" | "node22" | "reliability";
  /** What it needs besides Node 24 and pnpm: keys of `PREREQUISITES` (scripts/lib/prerequisites.mjs). */
  needs?: ("node22" | "chromium" | "docker" | "oldNode")[];
}

export const TEST_STAGES: TestStage[] = [
  { name: "lint (pnpm run lint)", command: ["pnpm", "run", "lint"] },
  // The container suite (turbo's test of container/) runs against the image this builds.
  { name: "image (pnpm image)", command: ["pnpm", "run", "image"], needs: ["docker"] },
  {
    name: "build, typecheck, lint, test (turbo)",
    command: ["pnpm", "exec", "turbo", ...TURBO_ARGS],
    report: "vitest",
    // The inspector's browser tests; the container suites; the README's first-hour walk.
    needs: ["chromium", "docker", "oldNode"],
  },
  { name: "check (pnpm run check)", command: ["pnpm", "run", "check"] },
  {
    name: "reliability (pnpm test:reliability)",
    command: ["pnpm", "run", "test:reliability"],
    report: "reliability",
  },
  {
    name: "node 22 (pnpm test:node22)",
    command: ["pnpm", "run", "test:node22"],
    report: "node22",
    needs: ["node22"],
  },
];
