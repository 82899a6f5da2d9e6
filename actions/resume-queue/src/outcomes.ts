import { markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import { NotFoundError, type QueueOutcome } from "@stashkit/core";
import type { ResumeInputs } from "./inputs.ts";

/** One log line per queue, in the order given. */
export function logOutcomes(outcomes: QueueOutcome[]): QueueOutcome[] {
  for (const o of outcomes) {
    if (o.outcome === "resumed")
      runner.info(`${o.name}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`);
    if (o.outcome === "missing") runner.info(`${o.name}: not found`);
    if (o.outcome === "failed") runner.info(`${o.name}: ${o.error.message}`);
  }
  return outcomes;
}

/** Warnings, outputs and the summary; then fails the step with the first failure, if any. */
export function reportResumed(
  outcomes: QueueOutcome[],
  inputs: ResumeInputs,
  connection: { endpoint: string; token: string },
): void {
  for (const o of outcomes) {
    if (o.outcome === "resumed" && o.paused) {
      runner.warning(`queue ${o.name} still reports paused; resuming can take up to a minute to take effect`);
    }
    if (o.outcome === "missing" && inputs.ifMissing === "skip")
      runner.warning(`queue ${o.name} does not exist; skipped`);
  }
  runner.setOutput("resumed", JSON.stringify(resumedNames(outcomes)));
  runner.setOutput("endpoint", connection.endpoint);
  runner.setOutput("token", connection.token);
  writeSummary(resumeSummary(outcomes));
  const error = outcomeError(outcomes, inputs.ifMissing);
  if (error) throw error;
}

export function resumedNames(outcomes: QueueOutcome[]): string[] {
  return outcomes.filter((o) => o.outcome === "resumed").map((o) => o.name);
}

/** The step's verdict: the first failure, or the missing queues when they must exist. */
export function outcomeError(outcomes: QueueOutcome[], ifMissing: "fail" | "skip"): Error | undefined {
  // Every failure has its own log line and summary row; the step fails with the first.
  const failed = outcomes.find((o) => o.outcome === "failed");
  if (failed) return failed.error;
  const missing = outcomes.filter((o) => o.outcome === "missing").map((o) => o.name);
  if (missing.length > 0 && ifMissing === "fail") {
    return new NotFoundError(
      `queue${missing.length > 1 ? "s" : ""} not found: ${missing.join(", ")}; the others were resumed. Set if-missing: skip to go on without missing queues`,
    );
  }
  return undefined;
}

export function resumeSummary(outcomes: QueueOutcome[]): string {
  const rows = outcomes.map(summaryRow);
  const count = resumedNames(outcomes).length;
  return `### Queues resumed: ${count} of ${outcomes.length}\n\n${markdownTable(["queue", "outcome", "paused", "lag"], rows)}\n`;
}

function summaryRow(o: QueueOutcome): string[] {
  switch (o.outcome) {
    case "resumed":
      return [o.name, "resumed", String(o.paused), o.lag === undefined ? "" : String(o.lag)];
    case "missing":
      return [o.name, "not found", "", ""];
    case "failed":
      return [o.name, `failed: ${o.error.name}${o.error.status ? ` ${o.error.status}` : ""}`, "", ""];
  }
}
