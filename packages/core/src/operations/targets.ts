import { NotFoundError, StashkitError } from "../errors/index.ts";
import type { Target } from "../schemas/target.ts";

export type { Target } from "../schemas/target.ts";

/** How a missing target was asked for: by its name or id, or by a schedule label or destination prefix that matched none. */
export type MissingBy = "name" | "id" | "label" | "destination";

/**
 * `lag` is what is waiting to be delivered, when the API says: a queue's `lag`, a flow-control
 * key's `waitListSize`; undefined for schedules.
 */
export type PauseOutcome = Target &
  (
    | { outcome: "paused"; lag: number | undefined }
    | { outcome: "alreadyPaused"; lag: number | undefined }
    | { outcome: "missing"; by: MissingBy }
    | { outcome: "failed"; error: StashkitError }
  );

/** `paused` is the state read back after resuming (a queue may take up to a minute to resume). */
export type ResumeOutcome = Target &
  (
    | { outcome: "resumed"; paused: boolean; lag: number | undefined }
    | { outcome: "missing"; by: MissingBy }
    | { outcome: "failed"; error: StashkitError }
  );

/** Runs one target's calls; a 404 makes it missing, any other error of ours makes it failed. */
export async function settle<O extends PauseOutcome | ResumeOutcome>(
  target: Target,
  by: MissingBy,
  work: () => Promise<O>,
): Promise<O> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundError) return { ...target, outcome: "missing", by } as O;
    if (error instanceof StashkitError) return { ...target, outcome: "failed", error } as O;
    throw error;
  }
}

/** The targets an outcome list says were paused by this call, for the automatic resume. */
export function pausedTargets(outcomes: readonly PauseOutcome[]): Target[] {
  return outcomes.filter((o) => o.outcome === "paused").map(({ kind, name }) => ({ kind, name }));
}

export function alreadyPausedTargets(outcomes: readonly PauseOutcome[]): Target[] {
  return outcomes.filter((o) => o.outcome === "alreadyPaused").map(({ kind, name }) => ({ kind, name }));
}

/** The targets an outcome list says were resumed. */
export function resumedTargets(outcomes: readonly ResumeOutcome[]): Target[] {
  return outcomes.filter((o) => o.outcome === "resumed").map(({ kind, name }) => ({ kind, name }));
}
