import { logLine, markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import { type PauseOutcome, pausedTargets, type RegionalOutcomes } from "@stashkit/core";
import { alreadyPausedTargets, describeTarget, judgeOutcomes } from "@stashkit/core/internal";
import type { PauseInputs } from "./inputs.ts";

const waiting = (lag: number | undefined) => (lag === undefined ? "" : `, ${lag} waiting`);

/** One log line per target, in the order reported. */
export function logPauseOutcomes(outcomes: PauseOutcome[]): PauseOutcome[] {
  for (const o of outcomes) {
    if (o.outcome === "paused") logLine(`${describeTarget(o)}: paused${waiting(o.lag)}`);
    if (o.outcome === "alreadyPaused")
      logLine(`${describeTarget(o)}: already paused; left alone${waiting(o.lag)}`);
    if (o.outcome === "missing") logLine(`${describeTarget(o)}: not found`);
    if (o.outcome === "failed")
      logLine(
        o.possiblyPaused
          ? `${describeTarget(o)}: possibly paused (${o.error.message}); counted as paused by this step`
          : `${describeTarget(o)}: ${o.error.message}`,
      );
  }
  return outcomes;
}

/** Outputs, warnings and the summary; then fails the step by core's verdict, if it says so. */
export function reportPaused(
  outcomes: PauseOutcome[],
  inputs: PauseInputs,
  regions: readonly RegionalOutcomes<PauseOutcome>[] = [],
): void {
  const verdict = judgeOutcomes(outcomes, inputs.ifMissing, { mode: "pause", surface: "input" });
  for (const warning of verdict.warnings) runner.warning(warning);
  runner.setOutput("paused", JSON.stringify(pausedTargets(outcomes)));
  runner.setOutput("already-paused", JSON.stringify(alreadyPausedTargets(outcomes)));
  writeSummary(pauseSummary(outcomes, regions));
  if (verdict.failure) throw verdict.failure;
}

/**
 * The summary: one table of every target; across regions, a region column and one line per
 * region saying how many it paused there.
 */
export function pauseSummary(
  outcomes: PauseOutcome[],
  regions: readonly RegionalOutcomes<PauseOutcome>[] = [],
): string {
  const count = pausedTargets(outcomes).length;
  const regional = outcomes.some((o) => o.region !== undefined);
  const rows = outcomes.map((o) => [
    ...(regional ? [o.region ?? "(none)"] : []),
    o.kind,
    o.name,
    summaryOutcome(o),
    "lag" in o && o.lag !== undefined ? String(o.lag) : "",
  ]);
  const perRegion = regions.flatMap(({ region, outcomes: mine }) =>
    region === undefined ? [] : [`- ${region}: ${pausedTargets(mine).length} paused of ${mine.length}`],
  );
  const byRegion = perRegion.length > 0 ? `${perRegion.join("\n")}\n\n` : "";
  const headings = [...(regional ? ["region"] : []), "kind", "name", "outcome", "waiting"];
  return `### Paused: ${count} of ${outcomes.length}\n\n${byRegion}${markdownTable(headings, rows)}\n`;
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
      return `failed: ${o.error.name}${o.error.status ? ` ${o.error.status}` : ""}${o.possiblyPaused ? " (possibly paused; counted as paused)" : ""}`;
  }
}
