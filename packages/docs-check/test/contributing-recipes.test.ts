// CONTRIBUTING's recipes, held to the repository: every file a recipe names exists, and six recipes
// are walked with a toy in a copy of the repository (issue 40): their steps, and no more, make the
// package's tests and type-check pass, and leaving a step out makes one fail.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locate, pathsNamed, recipeSteps } from "../src/recipes.ts";
import { copyRepository, type RepoCopy } from "../src/repo-copy.ts";
import { sectionOf } from "../src/sections.ts";
import { API_WALK } from "../src/walks/api.ts";
import { COMMAND_WALK } from "../src/walks/command.ts";
import { DATA_FILE_WALK } from "../src/walks/data-file.ts";
import { INPUT_WALK } from "../src/walks/input.ts";
import { ROUTE_WALK } from "../src/walks/route.ts";
import { STORE_WALK } from "../src/walks/store.ts";
import { runCheck, undo, type Walk } from "../src/walks/walk.ts";

const root = join(import.meta.dirname, "../../..");
const GUIDE = "CONTRIBUTING.md";
// A walk builds, type-checks and runs tests in the copy: a minute or two on a loaded 2-core
// machine. A limit against hangs, not a speed budget.
const WALK_TIMEOUT_MS = 900_000;

/** Each recipe, and the folders its steps' paths are written from (`src/apis.ts` is the emulator's). */
const RECIPES: [string, string[]][] = [
  ["A new core operation", ["packages/core"]],
  ["A new CLI command", ["packages/cli"]],
  ["A new action", ["actions/pause-queue", "packages/core"]],
  ["An input the CLI also gets", ["packages/core", "packages/cli", "actions/pause-queue"]],
  ["A new emulator route", ["packages/emulator"]],
  ["A new kind of record (a store)", ["packages/emulator"]],
  ["The data file", ["packages/emulator"]],
  ["A new emulator API", ["packages/emulator", "packages/cli/src/commands"]],
];

describe.each(RECIPES)("CONTRIBUTING's %s", (heading, folders) => {
  it("names files and folders that exist, in its numbered steps and around them", () => {
    const steps = recipeSteps(root, GUIDE, heading);
    expect(steps.length).toBeGreaterThan(1);
    const missing = steps.flatMap((step, i) =>
      pathsNamed(step)
        .filter((path) => locate(root, path, folders) === undefined)
        .map((path) => `step ${i + 1}: ${path}`),
    );
    const around = pathsNamed(sectionOf(root, GUIDE, heading).prose.replace(/\s+/g, " "));
    missing.push(...around.filter((path) => locate(root, path, folders) === undefined));
    expect(missing).toEqual([]);
  });
});

/** Runs what the walk's checks read (a build); it must pass. */
function prepare(copy: RepoCopy, walk: Walk): void {
  for (const step of walk.prepare ?? []) {
    const { passed, report } = runCheck(copy, step);
    expect(passed, report).toBe(true);
  }
}

/**
 * Leaves a step (or part of it) out, runs the check, and does the step again; `thenPrepare`: and
 * rebuilds for the next omission (not after the last: the copy is removed, and a build is up to
 * a minute of CI's time).
 */
function without(
  copy: RepoCopy,
  walk: Walk,
  omission: Walk["omissions"][number],
  thenPrepare: boolean,
): void {
  const step = walk.steps[omission.step];
  const check = walk.checks[omission.check];
  if (step === undefined || check === undefined)
    throw new Error(`no step ${omission.step} or check ${omission.check}`);
  undo(root, copy, omission.files ?? step.files);
  prepare(copy, walk);
  const { passed, report } = runCheck(copy, check);
  expect(passed, `without step ${omission.step}, this passed:\n${report}`).toBe(false);
  step.apply(copy);
  if (thenPrepare) prepare(copy, walk);
}

describe.each([COMMAND_WALK, INPUT_WALK, ROUTE_WALK, STORE_WALK, DATA_FILE_WALK, API_WALK])(
  "CONTRIBUTING's $heading, walked with a toy",
  (walk: Walk) => {
    it("has a walked or skipped step for each numbered step, and each names what the walk writes", () => {
      const steps = recipeSteps(root, GUIDE, walk.heading);
      const covered = [...Object.keys(walk.steps), ...Object.keys(walk.skipped ?? {})].map(Number);
      expect(covered.sort((a, b) => a - b)).toEqual(steps.map((_, i) => i + 1));
      for (const [number, step] of Object.entries(walk.steps)) {
        expect(steps[Number(number) - 1], `step ${number}`).toContain(step.names);
      }
    });

    it(
      "passes the tests in a copy of the repository, and fails one without a step it needs",
      () => {
        const copy = copyRepository(root);
        try {
          for (const step of Object.values(walk.steps)) step.apply(copy);
          prepare(copy, walk);
          for (const check of walk.checks) {
            const { passed, report } = runCheck(copy, check);
            expect(passed, report).toBe(true);
          }
          walk.omissions.forEach((omission, i) => {
            without(copy, walk, omission, i < walk.omissions.length - 1);
          });
        } finally {
          copy.remove();
        }
      },
      WALK_TIMEOUT_MS,
    );
  },
);
