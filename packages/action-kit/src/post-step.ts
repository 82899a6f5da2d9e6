import { getState, saveState } from "./runner/commands.ts";

// An action with a post step runs the same bundle twice, in two processes: the runner's state
// is how the second run knows it is the post step.
const IS_POST = "isPost";

/** Marks that the next run of this bundle in the job is the post step. Call first in the main step. */
export function markPostStepComing(): void {
  saveState(IS_POST, "true");
}

export function isPostStep(): boolean {
  return getState(IS_POST) === "true";
}
