import { runner } from "@stashkit/action-kit";
import { parseTargetList, type Target } from "@stashkit/core";

// The main and post steps run the same bundle in two processes; the runner's state carries
// what the post step needs from the main step.
const IS_POST = "isPost";
const PAUSED = "paused";

/** Marks that the next run of this bundle in the job is the post step. */
export function markPostStepComing(): void {
  runner.saveState(IS_POST, "true");
}

export function isPostStep(): boolean {
  return runner.getState(IS_POST) === "true";
}

/** Saved before anything is reported, so the post step resumes them even if the main step then fails. */
export function savePaused(targets: readonly Target[]): void {
  runner.saveState(PAUSED, JSON.stringify(targets));
}

/** What the main step paused, when it saved anything (resume-after-job other than never). */
export function pausedByMainStep(): Target[] | undefined {
  const saved = runner.getState(PAUSED);
  return saved === "" ? undefined : parseTargetList(saved, "the saved state");
}
