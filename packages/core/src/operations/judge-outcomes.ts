import { NotFoundError, type StashkitError } from "../errors/index.ts";
import type { IfMissing } from "../schemas/if-missing.ts";
import type { Surface } from "../schemas/target-selection.ts";
import { othersOutcome, type PauseOutcome, type ResumeOutcome } from "./targets.ts";

type Outcome = PauseOutcome | ResumeOutcome;

/** What a pause's or a resume's outcomes come to, for the step or the command that ran it. */
export interface OutcomeVerdict {
  /**
   * One line each, in the order of the outcomes: a target resumed that still reads paused, and a
   * missing target when `if-missing` is `warn`.
   */
  warnings: string[];
  /** What fails the step or the command: the first failure, else the missing targets when they must exist. */
  failure?: StashkitError;
}

export interface JudgeOptions {
  mode: "pause" | "resume";
  /** How the caller names `if-missing`, for the way out the failure offers: the input or the flag. */
  surface: Surface;
  /** What a missing target's warning says after "not found; " (default "skipped"). */
  missingNote?: string;
  /** More advice at the end of a failure over missing targets (the CLI: how to create a queue). */
  advice?: string;
}

/** "queue orders", "schedule nightly", "schedules labelled batch": how every log line names a target. */
export function describeTarget(o: Outcome): string {
  if (o.outcome === "missing" && o.by === "label") return `schedules labelled ${o.name}`;
  if (o.outcome === "missing" && o.by === "destination") return `schedules to ${o.name}*`;
  const where = o.region === undefined ? "" : ` in ${o.region}`;
  return `${o.kind === "flow-control-key" ? "flow-control key" : o.kind} ${o.name}${where}`;
}

/**
 * The `if-missing` verdict the actions and the CLI share: every failure has its own line, so
 * the first fails the run; with none, missing targets fail it under `fail` (saying what became
 * of the others), are warned about under `warn` and pass in silence under `ignore`.
 */
export function judgeOutcomes(
  outcomes: readonly Outcome[],
  ifMissing: IfMissing,
  options: JudgeOptions,
): OutcomeVerdict {
  const warnings: string[] = [];
  for (const o of outcomes) {
    if (o.outcome === "resumed" && o.paused)
      warnings.push(
        `${describeTarget(o)} still reports paused; resuming can take up to a minute to take effect`,
      );
    if (o.outcome === "missing" && ifMissing === "warn")
      warnings.push(`${describeTarget(o)} not found; ${options.missingNote ?? "skipped"}`);
  }
  const failed = outcomes.find((o) => o.outcome === "failed");
  if (failed?.outcome === "failed") return { warnings, failure: failed.error };
  const missing = outcomes.filter((o) => o.outcome === "missing");
  if (missing.length === 0 || ifMissing !== "fail") return { warnings };
  const wayOut =
    options.surface === "input"
      ? "Set if-missing: warn or ignore to go on without them"
      : "Pass --if-missing warn or ignore to go on without them";
  const message = `not found: ${missing.map(describeTarget).join(", ")}; ${othersOutcome(options.mode, outcomes)}. ${wayOut}${options.advice ?? ""}`;
  return { warnings, failure: new NotFoundError(message) };
}
