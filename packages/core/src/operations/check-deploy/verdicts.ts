import type { StepRef } from "./replay.ts";

/** How the new code differs at the first step where it parts from a run's history. */
export const STEP_CHANGES = [
  "renamed",
  "reordered",
  "removed",
  "inserted",
  "changed-kind",
  "parallel",
] as const;
export type StepChange = (typeof STEP_CHANGES)[number];

/** What the new code makes of one run's history. */
export type Verdict =
  | {
      verdict: "accepted";
      /** The new code's step after the recorded ones, when it has one there (the run's pending step). */
      nextStep: Partial<StepRef> | undefined;
    }
  | {
      verdict: "diverged";
      change: StepChange;
      /** The first step that differs, counted from 1 (the payload not counted). */
      position: number;
      /** The run's step there; absent when the new code has a step the history lacks. */
      old: StepRef | undefined;
      /** The new code's step there; absent when it ends before it. */
      new: Partial<StepRef> | undefined;
      /** The Workflow SDK's own words, where they say more (parallel branches). */
      detail?: string;
    }
  | {
      verdict: "unchecked";
      /** Why the new build could not be asked (it refused the replay, its code threw…). */
      reason: string;
    };

export type RunVerdict = Verdict & {
  workflowRunId: string;
  createdAt: number;
  /** Steps the run has completed. */
  recordedSteps: number;
  /** The step the run waits at (a sleep, a wait for an event, a retry), when the API shows it. */
  pending: StepRef | undefined;
};
