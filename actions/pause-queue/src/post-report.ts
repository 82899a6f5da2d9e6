import { logLine, markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import type { RegionalClient, ResumeOutcome, Target } from "@stashkit/core";
import { describeTarget, judgeOutcomes } from "@stashkit/core/internal";
import type { PostInputs } from "./inputs.ts";

const RESUME_PATH = { queue: "queues", schedule: "schedules", "flow-control-key": "flowControl" } as const;

/**
 * One shell line that resumes every target: what to run once the failed job is dealt with. A
 * region's target goes to that region's URL with that region's token variable.
 */
export function resumeCommand(
  targets: readonly Target[],
  urlOf: (region: Target["region"]) => string,
): string {
  return targets
    .map((t) => {
      const token = t.region === undefined ? "QSTASH_TOKEN" : `${t.region}_QSTASH_TOKEN`;
      const baseUrl = urlOf(t.region);
      return `curl -fsS -X POST -H "Authorization: Bearer $${token}" ${baseUrl}/v2/${RESUME_PATH[t.kind]}/${encodeURIComponent(t.name)}/resume`;
    })
    .join(" && ");
}

/** With resume-after-job: success after a job that did not succeed: one line, with the command. */
export function reportLeftPaused(
  paused: readonly Target[],
  inputs: PostInputs,
  regions: readonly RegionalClient[],
): void {
  const status = inputs.jobStatus === "" ? "unknown" : inputs.jobStatus;
  const urlOf = (region: Target["region"]) =>
    (regions.find((r) => r.setting.region === region) ?? regions[0])?.client.baseUrl ?? "";
  runner.warning(
    `the job did not succeed (status ${status}), so the ${paused.length} paused by this step stay paused (resume-after-job: ${inputs.resumeAfterJob}). Resume them with: ${resumeCommand(paused, urlOf)}`,
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
  const regional = outcomes.some((o) => o.region !== undefined);
  const rows = outcomes.map((o) => [
    ...(regional ? [o.region ?? ""] : []),
    o.kind,
    o.name,
    o.outcome === "failed" ? `failed: ${o.error.name}` : o.outcome,
  ]);
  const headings = [...(regional ? ["region"] : []), "kind", "name", "outcome"];
  writeSummary(
    `### Resumed after the job: ${resumed} of ${outcomes.length}\n\n${markdownTable(headings, rows)}\n`,
  );
  if (verdict.failure) throw verdict.failure;
}
