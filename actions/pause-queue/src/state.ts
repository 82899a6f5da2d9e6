import { runner } from "@stashkit/action-kit";
import { parseTargetList, type Target } from "@stashkit/core";

// The main and post steps run the same bundle in two processes; the runner's state carries
// what the post step needs from the main step.
const PAUSED = "paused";

/** Saved before anything is reported, so the post step resumes them even if the main step then fails. */
export function savePaused(targets: readonly Target[]): void {
  runner.saveState(PAUSED, JSON.stringify(targets));
}

/** Whether the main step saved what it paused (it does unless resume-after-job is never or it stopped early). */
export function mainStepSavedPaused(): boolean {
  return runner.getState(PAUSED) !== "";
}

/** What the main step paused. */
export function pausedByMainStep(): Target[] {
  return parseTargetList(runner.getState(PAUSED), "the saved state");
}
