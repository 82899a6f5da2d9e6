import { logLine, markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import type { ResumeOutcome } from "@stashkit/core";
import { describeTarget, judgeOutcomes, resumedTargets } from "@stashkit/core/internal";
import type { ResumeInputs } from "./inputs.ts";

/** One log line per target, in the order reported. */
export function logOutcomes(outcomes: ResumeOutcome[]): ResumeOutcome[] {
  if (outcomes.length === 0) runner.info("Nothing to resume: the pause step paused nothing.");
  for (const o of outcomes) {
    const name = o.kind === "queue" && o.region === undefined ? o.name : describeTarget(o);
    if (o.outcome === "resumed")
      logLine(`${name}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`);
    if (o.outcome === "missing") logLine(`${describeTarget(o)}: not found`);
    if (o.outcome === "failed") logLine(`${describeTarget(o)}: ${o.error.message}`);
  }
  return outcomes;
}

/** Warnings, outputs and the summary; then fails the step by core's verdict, if it says so. */
export function reportResumed(
  outcomes: ResumeOutcome[],
  inputs: ResumeInputs,
  connection: { endpoint: string; token: string },
): void {
  const verdict = judgeOutcomes(outcomes, inputs.ifMissing, { mode: "resume", surface: "input" });
  for (const warning of verdict.warnings) runner.warning(warning);
  runner.setOutput("resumed", JSON.stringify(resumedNames(outcomes)));
  runner.setOutput("resumed-targets", JSON.stringify(resumedTargets(outcomes)));
  runner.setOutput("endpoint", connection.endpoint);
  runner.setOutput("token", connection.token);
  writeSummary(resumeSummary(outcomes));
  if (verdict.failure) throw verdict.failure;
}

/** The queues resumed (the `resumed` output predates schedules and keys). */
export function resumedNames(outcomes: ResumeOutcome[]): string[] {
  return outcomes.filter((o) => o.outcome === "resumed" && o.kind === "queue").map((o) => o.name);
}

export function resumeSummary(outcomes: ResumeOutcome[]): string {
  const regional = outcomes.some((o) => o.region !== undefined);
  const rows = outcomes.map((o) => [...(regional ? [o.region ?? ""] : []), ...summaryRow(o)]);
  const count = resumedTargets(outcomes).length;
  const headings = [...(regional ? ["region"] : []), "kind", "name", "outcome", "paused", "lag"];
  return `### Resumed: ${count} of ${outcomes.length}\n\n${markdownTable(headings, rows)}\n`;
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
