import { markdownTable } from "@stashkit/action-kit";
import { NotFoundError, type QueueOutcome } from "@stashkit/core";

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
