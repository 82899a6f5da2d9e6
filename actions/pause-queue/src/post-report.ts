import { logLine, markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import type { ResumeOutcome, Target } from "@stashkit/core";
import { describeTarget, judgeOutcomes } from "@stashkit/core/internal";
import type { PostInputs } from "./inputs.ts";

const RESUME_PATH = { queue: "queues", schedule: "schedules", "flow-control-key": "flowControl" } as const;

/** One shell line that resumes every target: what to run once the failed job is dealt with. */
export function resumeCommand(targets: readonly Target[], baseUrl: string): string {
  return targets
    .map(
      (t) =>
        `curl -fsS -X POST -H "Authorization: Bearer $QSTASH_TOKEN" ${baseUrl}/v2/${RESUME_PATH[t.kind]}/${encodeURIComponent(t.name)}/resume`,
    )
    .join(" && ");
}

/** With resume-after-job: success after a job that did not succeed: one line, with the command. */
export function reportLeftPaused(paused: readonly Target[], inputs: PostInputs, baseUrl: string): void {
  const status = inputs.jobStatus === "" ? "unknown" : inputs.jobStatus;
  runner.warning(
    `the job did not succeed (status ${status}), so the ${paused.length} paused by this step stay paused (resume-after-job: ${inputs.resumeAfterJob}). Resume them with: ${resumeCommand(paused, baseUrl)}`,
  );
}

/** One log line per target, in the order reported. */
export function logPostOutcomes(outcomes: ResumeOutcome[]): ResumeOutcome[] {
  for (const o of outcomes) {
    if (o.outcome === "resumed") logLine(`${describeTarget(o)}: resumed`);
    if (o.outcome === "missing") logLine(`${describeTarget(o)}: not found`);
    if (o.outcome === "failed") logLine(`${describeTarget(o)}: ${o.error.message}`);
  }
  return outcomes;
}

/** Warns about any target that is gone, summarises; fails on the first failure (core's verdict, never over a missing one). */
export function reportPostResumed(outcomes: ResumeOutcome[]): void {
  const verdict = judgeOutcomes(outcomes, "warn", {
    mode: "resume",
    surface: "input",
    missingNote: "deleted since the pause step? Nothing to resume",
  });
  for (const warning of verdict.warnings) runner.warning(warning);
  const resumed = outcomes.filter((o) => o.outcome === "resumed").length;
  const rows = outcomes.map((o) => [
    o.kind,
    o.name,
    o.outcome === "failed" ? `failed: ${o.error.name}` : o.outcome,
  ]);
  writeSummary(
    `### Resumed after the job: ${resumed} of ${outcomes.length}\n\n${markdownTable(["kind", "name", "outcome"], rows)}\n`,
  );
  if (verdict.failure) throw verdict.failure;
}
