import { describeTarget, logLine, markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import {
  type IfMissing,
  NotFoundError,
  othersOutcome,
  type ResumeOutcome,
  resumedTargets,
} from "@stashkit/core";
import type { ResumeInputs } from "./inputs.ts";

/** One log line per target, in the order reported. */
export function logOutcomes(outcomes: ResumeOutcome[]): ResumeOutcome[] {
  if (outcomes.length === 0) runner.info("Nothing to resume: the pause step paused nothing.");
  for (const o of outcomes) {
    const name = o.kind === "queue" ? o.name : describeTarget(o);
    if (o.outcome === "resumed")
      logLine(`${name}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`);
    if (o.outcome === "missing") logLine(`${describeTarget(o)}: not found`);
    if (o.outcome === "failed") logLine(`${describeTarget(o)}: ${o.error.message}`);
  }
  return outcomes;
}

/** Warnings, outputs and the summary; then fails the step with the first failure, if any. */
export function reportResumed(
  outcomes: ResumeOutcome[],
  inputs: ResumeInputs,
  connection: { endpoint: string; token: string },
): void {
  for (const o of outcomes) {
    if (o.outcome === "resumed" && o.paused) {
      runner.warning(
        `${describeTarget(o)} still reports paused; resuming can take up to a minute to take effect`,
      );
    }
    if (o.outcome === "missing" && inputs.ifMissing === "warn")
      runner.warning(
        o.kind === "queue"
          ? `queue ${o.name} does not exist; skipped`
          : `${describeTarget(o)} not found; skipped`,
      );
  }
  runner.setOutput("resumed", JSON.stringify(resumedNames(outcomes)));
  runner.setOutput("resumed-targets", JSON.stringify(resumedTargets(outcomes)));
  runner.setOutput("endpoint", connection.endpoint);
  runner.setOutput("token", connection.token);
  writeSummary(resumeSummary(outcomes));
  const error = outcomeError(outcomes, inputs.ifMissing);
  if (error) throw error;
}

/** The queues resumed (the `resumed` output predates schedules and keys). */
export function resumedNames(outcomes: ResumeOutcome[]): string[] {
  return outcomes.filter((o) => o.outcome === "resumed" && o.kind === "queue").map((o) => o.name);
}

/** The step's verdict: the first failure, or the missing targets when they must exist. */
export function outcomeError(outcomes: ResumeOutcome[], ifMissing: IfMissing): Error | undefined {
  // Every failure has its own log line and summary row; the step fails with the first.
  const failed = outcomes.find((o) => o.outcome === "failed");
  if (failed) return failed.error;
  const missing = outcomes.filter((o) => o.outcome === "missing");
  if (missing.length === 0 || ifMissing !== "fail") return undefined;
  if (missing.every((o) => o.kind === "queue")) {
    return new NotFoundError(
      `queue${missing.length > 1 ? "s" : ""} not found: ${missing.map((o) => o.name).join(", ")}; ${othersOutcome("resume", outcomes)}. Set if-missing: warn or ignore to go on without missing queues`,
    );
  }
  return new NotFoundError(
    `not found: ${missing.map(describeTarget).join(", ")}; ${othersOutcome("resume", outcomes)}. Set if-missing: warn or ignore to go on without them`,
  );
}

export function resumeSummary(outcomes: ResumeOutcome[]): string {
  const rows = outcomes.map(summaryRow);
  const count = resumedTargets(outcomes).length;
  return `### Resumed: ${count} of ${outcomes.length}\n\n${markdownTable(["kind", "name", "outcome", "paused", "lag"], rows)}\n`;
}

function summaryRow(o: ResumeOutcome): string[] {
  switch (o.outcome) {
    case "resumed":
      return [o.kind, o.name, "resumed", String(o.paused), o.lag === undefined ? "" : String(o.lag)];
    case "missing":
      return [o.kind, o.name, o.by === "label" ? "no schedule has this label" : "not found", "", ""];
    case "failed":
      return [o.kind, o.name, `failed: ${o.error.name}${o.error.status ? ` ${o.error.status}` : ""}`, "", ""];
  }
}
