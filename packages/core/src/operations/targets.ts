import { AbortedError, DeadlineExceededError, NotFoundError, StashkitError } from "../errors/index.ts";
import type { Target } from "../schemas/target.ts";

export type { Target } from "../schemas/target.ts";

/**
 * How many targets a pause or a resume works on at once unless told otherwise: the actions'
 * and the CLI's, said once here.
 */
export const DEFAULT_TARGET_CONCURRENCY = 8;

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
    /**
     * `possiblyPaused`: the pause request itself failed in a way that may have taken effect (its
     * answer timed out or was lost after sending, or a 5xx), so it counts as paused by this call.
     */
    | { outcome: "failed"; error: StashkitError; possiblyPaused?: true }
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

/**
 * Sends a pause; when it fails in a way that may have paused the target anyway, answers the
 * failed outcome that says so instead of throwing, so the automatic resume still covers it.
 */
export async function sendPause(
  target: Target,
  send: () => Promise<unknown>,
): Promise<PauseOutcome | undefined> {
  try {
    await send();
    return undefined;
  } catch (error) {
    if (!(error instanceof StashkitError) || !mayHavePaused(error)) throw error;
    return { ...target, outcome: "failed", error, possiblyPaused: true };
  }
}

/**
 * The transport says which failed answers may have taken effect; a deadline or an abort that cut
 * the request short says nothing of whether it was sent, so it counts too.
 */
function mayHavePaused(error: StashkitError): boolean {
  return error.mayHaveTakenEffect || error instanceof DeadlineExceededError || error instanceof AbortedError;
}

/** Whether an outcome is a pause whose request failed but may have taken effect. */
export function isPossiblyPaused(o: PauseOutcome): boolean {
  return o.outcome === "failed" && o.possiblyPaused === true;
}

/**
 * The targets an outcome list says were paused by this call, for the automatic resume: those
 * paused, and those whose pause may have taken effect though its answer was lost (resuming a
 * target that is not paused is harmless; leaving one paused for good is not).
 */
export function pausedTargets(outcomes: readonly PauseOutcome[]): Target[] {
  return outcomes.filter((o) => o.outcome === "paused" || isPossiblyPaused(o)).map(targetOf);
}

/** The target an outcome is about: its kind and name, and its region when it has one. */
function targetOf({ kind, name, region }: Target): Target {
  return region === undefined ? { kind, name } : { kind, name, region };
}

export function alreadyPausedTargets(outcomes: readonly PauseOutcome[]): Target[] {
  return outcomes.filter((o) => o.outcome === "alreadyPaused").map(targetOf);
}

/** The targets an outcome list says were resumed. */
export function resumedTargets(outcomes: readonly ResumeOutcome[]): Target[] {
  return outcomes.filter((o) => o.outcome === "resumed").map(targetOf);
}

/**
 * What became of the targets that were found, for the message that fails a pause or resume over
 * missing ones: "2 others were paused, 1 already paused", or "nothing was paused" when none was.
 * The CLI and the actions say it alike, so it is true when nothing else was asked for.
 */
export function othersOutcome(
  mode: "pause" | "resume",
  outcomes: readonly (PauseOutcome | ResumeOutcome)[],
): string {
  const done =
    mode === "pause"
      ? pausedTargets(outcomes as readonly PauseOutcome[]).length
      : resumedTargets(outcomes as readonly ResumeOutcome[]).length;
  const alreadyPaused = outcomes.filter((o) => o.outcome === "alreadyPaused").length;
  const parts = [
    ...(done > 0 ? [`${done} ${done === 1 ? "other was" : "others were"} ${mode}d`] : []),
    ...(alreadyPaused > 0 ? [`${alreadyPaused} already paused`] : []),
  ];
  return parts.length > 0 ? parts.join(", ") : `nothing was ${mode}d`;
}
