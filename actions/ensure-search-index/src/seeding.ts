// What main loads only when a seed is asked for, behind one dynamic import: the seed file
// reader and its checks are a chunk of their own that most steps never compile (bench S1).
import { readBoolean, readChoice, readInput, runner, type Step } from "@stashkit/action-kit";
import { checkSeedPlan, type SeedPlan } from "@stashkit/core";
import { repeatedIdsWarning, SEED_WHEN } from "@stashkit/core/internal";

/**
 * Reads the seeding inputs and checks every document of every seed file (core's rules, the
 * CLI's too), so that a bad line fails the step before the index is created or anything is written.
 */
export async function readSeedPlan(step: Pick<Step<unknown>, "expandName">): Promise<SeedPlan | undefined> {
  // One path a line (a path may hold a comma).
  const files = readInput("seed-file")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const index = readInput("seed-index");
  const cloneFrom = readInput("clone-from");
  const plan = await checkSeedPlan({
    files,
    index: index === "" ? undefined : step.expandName(index, "seed-index"),
    cloneFrom: cloneFrom === "" ? undefined : step.expandName(cloneFrom, "clone-from"),
    cloneIndex: readInput("clone-index") || undefined,
    when: readChoice("seed-when", SEED_WHEN, "created"),
    waitUntilIndexed: readBoolean("wait-until-indexed", true),
    // A link in the checked-out repository (a fork's pull request) may not lead out of it.
    rules: { workspace: process.env["GITHUB_WORKSPACE"] || process.cwd() },
  });
  // Said before the seed: `seeded` counts documents written, and a repeated id keeps only one.
  const repeated = plan === undefined ? undefined : repeatedIdsWarning(plan.files, "seed-file");
  if (repeated !== undefined) runner.warning(repeated);
  return plan;
}
