import { markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import {
  alreadyPausedTargets,
  NotFoundError,
  type PauseOutcome,
  pausedTargets,
  type ResumeOutcome,
} from "@stashkit/core";
import type { PauseInputs } from "./inputs.ts";

/** "queue orders", "schedule nightly", "schedules labelled batch". */
export function describeTarget(o: PauseOutcome | ResumeOutcome): string {
  const name = o.name;
  if (o.outcome === "missing" && o.by === "label") return `schedules labelled ${name}`;
  if (o.outcome === "missing" && o.by === "destination") return `schedules to ${name}*`;
  return `${o.kind === "flow-control-key" ? "flow-control key" : o.kind} ${name}`;
}

/** A log line that no name from an input or the API can split into a runner command. */
export function say(text: string): void {
  runner.info(text.replace(/\r/g, "\\r").replace(/\n/g, "\\n"));
}

const waiting = (lag: number | undefined) => (lag === undefined ? "" : `, ${lag} waiting`);

/** One log line per target, in the order reported. */
export function logPauseOutcomes(outcomes: PauseOutcome[]): PauseOutcome[] {
  for (const o of outcomes) {
    if (o.outcome === "paused") say(`${describeTarget(o)}: paused${waiting(o.lag)}`);
    if (o.outcome === "alreadyPaused")
      say(`${describeTarget(o)}: already paused; left alone${waiting(o.lag)}`);
    if (o.outcome === "missing") say(`${describeTarget(o)}: not found`);
    if (o.outcome === "failed") say(`${describeTarget(o)}: ${o.error.message}`);
  }
  return outcomes;
}

/** Outputs, warnings and the summary; then fails the step with the first failure, if any. */
export function reportPaused(outcomes: PauseOutcome[], inputs: PauseInputs): void {
  const missing = outcomes.filter((o) => o.outcome === "missing");
  if (inputs.ifMissing === "warn")
    for (const o of missing) runner.warning(`${describeTarget(o)} not found; skipped`);
  runner.setOutput("paused", JSON.stringify(pausedTargets(outcomes)));
  runner.setOutput("already-paused", JSON.stringify(alreadyPausedTargets(outcomes)));
  writeSummary(pauseSummary(outcomes));
  const failed = outcomes.find((o) => o.outcome === "failed");
  if (failed) throw failed.error;
  if (missing.length > 0 && inputs.ifMissing === "fail") {
    throw new NotFoundError(
      `not found: ${missing.map(describeTarget).join(", ")}; the others were paused. Set if-missing: warn or ignore to go on without them`,
    );
  }
}

export function pauseSummary(outcomes: PauseOutcome[]): string {
  const count = pausedTargets(outcomes).length;
  const rows = outcomes.map((o) => [
    o.kind,
    o.name,
    summaryOutcome(o),
    "lag" in o && o.lag !== undefined ? String(o.lag) : "",
  ]);
  return `### Paused: ${count} of ${outcomes.length}\n\n${markdownTable(["kind", "name", "outcome", "waiting"], rows)}\n`;
}

function summaryOutcome(o: PauseOutcome): string {
  switch (o.outcome) {
    case "paused":
      return "paused";
    case "alreadyPaused":
      return "already paused (left alone)";
    case "missing":
      return o.by === "label"
        ? "no schedule has this label"
        : o.by === "destination"
          ? "no schedule matches"
          : "not found";
    case "failed":
      return `failed: ${o.error.name}${o.error.status ? ` ${o.error.status}` : ""}`;
  }
}
