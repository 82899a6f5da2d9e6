import type { CheckDeployResult, RunVerdict, StepRef } from "@stashkit/core/internal";
import { escapeMarkdown, markdownTable } from "@stashkit/core/internal";

/** "charge (Run)"; "-" for none. */
function step(ref: Partial<StepRef> | undefined): string {
  if (ref?.name === undefined) return "-";
  return ref.type === undefined ? ref.name : `${ref.name} (${ref.type})`;
}

function headline(result: CheckDeployResult): string {
  const count = result.runs.length;
  const runs = `${count} ${count === 1 ? "run" : "runs"} in flight at ${result.workflowUrl}`;
  return count === 0
    ? `No run in flight at ${result.workflowUrl}: nothing to check.`
    : `${runs}, replayed against ${result.appUrl}:`;
}

function summary(result: CheckDeployResult): string {
  if (result.runs.length === 0) return "Nothing in flight can break.";
  const unchecked = result.runs.filter((run) => run.verdict === "unchecked").length;
  const failing = `${result.failing} of ${result.runs.length} would fail after this deploy`;
  return unchecked === 0 ? `${failing}.` : `${failing}; ${unchecked} could not be checked.`;
}

/** Where the run waits, and what the new code makes of its history. */
function verdictWords(run: RunVerdict): string {
  if (run.verdict === "accepted") return "accepted";
  if (run.verdict === "unchecked") return `not checked: ${run.reason}`;
  return run.change === "parallel"
    ? `would fail in its parallel steps: ${run.detail ?? ""}`
    : `would fail at step ${run.position}: ${run.change}`;
}

export function deployTextLines(result: CheckDeployResult): string[] {
  const lines = [headline(result)];
  for (const run of result.runs) {
    const waits = run.pending === undefined ? "" : `, waits at ${step(run.pending)}`;
    const recorded = `${run.recordedSteps} ${run.recordedSteps === 1 ? "step" : "steps"} recorded`;
    lines.push(`${run.workflowRunId}  ${recorded}${waits}  ${verdictWords(run)}`);
    if (run.verdict === "diverged" && run.change !== "parallel") {
      lines.push(`  old: ${step(run.old)}`, `  new: ${step(run.new)}`);
    }
  }
  lines.push(summary(result));
  return lines;
}

/** The markdown format's document: a job summary. */
export function deployMarkdown(result: CheckDeployResult): string {
  const rows = result.runs.map((run) => [
    run.workflowRunId,
    String(run.recordedSteps),
    step(run.pending),
    run.verdict === "diverged" ? run.change : run.verdict,
    run.verdict === "diverged" && run.position > 0 ? String(run.position) : "-",
    run.verdict === "diverged" ? step(run.old) : "-",
    run.verdict === "diverged" ? step(run.new) : run.verdict === "unchecked" ? run.reason : "-",
  ]);
  const table = markdownTable(["Run", "Steps recorded", "Waits at", "Verdict", "Step", "Old", "New"], rows);
  return [
    "### Workflow runs in flight against the new build",
    "",
    escapeMarkdown(`${headline(result).replace(/:$/, ".")} ${summary(result)}`),
    ...(result.runs.length === 0 ? [] : ["", table]),
  ].join("\n");
}

/** A run's verdict as `--format json` writes it: every field present (null when it has none). */
export function verdictJson(run: RunVerdict): Record<string, unknown> {
  return {
    workflowRunId: run.workflowRunId,
    createdAt: run.createdAt,
    recordedSteps: run.recordedSteps,
    pending: run.pending ?? null,
    verdict: run.verdict,
    change: run.verdict === "diverged" ? run.change : null,
    position: run.verdict === "diverged" ? run.position : null,
    old: run.verdict === "diverged" ? (run.old ?? null) : null,
    new: run.verdict === "diverged" ? (run.new ?? null) : null,
    nextStep: run.verdict === "accepted" ? (run.nextStep ?? null) : null,
    reason:
      run.verdict === "unchecked" ? run.reason : run.verdict === "diverged" ? (run.detail ?? null) : null,
  };
}
