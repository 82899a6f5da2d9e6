import {
  acrossRegions,
  type PauseOutcome,
  parseTargetList,
  pausedTargets,
  pauseInRegions,
  type RegionalOutcomes,
  type ResumeOutcome,
  resumeInRegions,
  type Target,
  targetsByRegion,
} from "@stashkit/core";
import {
  alreadyPausedTargets,
  describeTarget,
  type IfMissing,
  judgeOutcomes,
  parseIfMissing,
  readTargetSelection,
  resumedTargets,
  type SelectedTargets,
  type TargetLists,
} from "@stashkit/core/internal";
import { regionalClients } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import type { PauseFlags } from "./queues-pause.flags.ts";
import type { ResumeFlags } from "./queues-resume.flags.ts";

type Mode = "pause" | "resume";
type Outcome = PauseOutcome | ResumeOutcome;

/**
 * Reads and checks the targets by core's rule, the actions' too (the same lists, the same
 * checks, `--only-if-paused-by` alone), naming the flag of a bad one before anything is sent.
 */
export function readTargets(flags: PauseFlags & Partial<ResumeFlags>, mode: Mode): SelectedTargets {
  const lists: TargetLists = {
    queues: flags.names,
    scheduleIds: flags.scheduleId,
    scheduleLabels: flags.scheduleLabel,
    destinationPrefixes: flags.destinationPrefix,
    flowControlKeys: flags.flowControlKey,
  };
  return readTargetSelection({ lists, onlyIfPausedBy: flags.onlyIfPausedBy }, "flag", mode);
}

/**
 * `stashkit queues pause|resume`: every target is tried; the command fails with the first
 * failure. A pause reads each target first, so what was already paused is left alone and not
 * listed in `paused`, and a resume with `--only-if-paused-by` never resumes it.
 */
export function command(mode: Mode) {
  return async (
    flags: PauseFlags & Partial<ResumeFlags>,
    context: CommandContext,
  ): Promise<CommandResult> => {
    const targets = readTargets(flags, mode);
    const ifMissing = parseIfMissing(flags.ifMissing ?? "", "--if-missing");
    // One QStash, or each region of the SDK's multi-region variables (every region read first).
    const regions = regionalClients(flags, context);
    const reported = flags.onlyIfPausedBy ? parseTargetList(flags.onlyIfPausedBy, "--only-if-paused-by") : [];
    const pick = reported.some((t) => t.region !== undefined) ? targetsByRegion(reported) : undefined;
    const work: Promise<RegionalOutcomes<Outcome>[]> =
      mode === "pause" ? pauseInRegions(regions, targets) : resumeInRegions(regions, targets, pick);
    const label = `${mode === "pause" ? "pausing" : "resuming"} ${describeTargets(targets)}`;
    const results = await context.terminal.progress(label, work);
    const report = outcomesReport(mode, acrossRegions(results), ifMissing.mode, results);
    return ifMissing.deprecation
      ? { ...report, warnings: [ifMissing.deprecation, ...report.warnings] }
      : report;
  };
}

/** "EU_CENTRAL_1: 1 paused of 2": one line per region, when there are regions. */
function regionLines(mode: Mode, results: readonly RegionalOutcomes<Outcome>[]): string[] {
  return results.flatMap(({ region, outcomes }) => {
    if (region === undefined) return [];
    const done =
      mode === "pause"
        ? pausedTargets(outcomes as PauseOutcome[]).length
        : resumedTargets(outcomes as ResumeOutcome[]).length;
    return [`${region}: ${done} ${mode}d of ${outcomes.length}`];
  });
}

export function outcomesReport(
  mode: Mode,
  outcomes: Outcome[],
  ifMissing: IfMissing,
  results: readonly RegionalOutcomes<Outcome>[] = [],
): CommandResult {
  const paused = outcomes as PauseOutcome[];
  const done = mode === "pause" ? pausedTargets(paused) : resumedTargets(outcomes as ResumeOutcome[]);
  const alreadyPaused = alreadyPausedTargets(paused);
  // Core's verdict, the actions' too; the CLI adds how to make a missing queue.
  const advice = outcomes.some((o) => o.outcome === "missing" && o.kind === "queue")
    ? "; stashkit queues create <name> makes a queue"
    : "";
  const { warnings, failure } = judgeOutcomes(outcomes, ifMissing, { mode, surface: "flag", advice });
  const lines = [...outcomes.map(describe), ...regionLines(mode, results)];
  if (outcomes.length === 0) lines.push(`nothing to ${mode}`);
  return {
    lines,
    json: () => ({
      ...(mode === "pause"
        ? { paused: done, alreadyPaused }
        : { resumed: queueNames(done), resumedTargets: done }),
      targets: outcomes.map((o) => {
        const { kind, name, outcome } = o;
        const where = o.region === undefined ? {} : { region: o.region };
        return { ...where, ...targetJson(o, kind, name, outcome) };
      }),
    }),
    fields: mode === "pause" ? pauseFields(done, alreadyPaused) : resumeFields(done),
    warnings,
    ...(failure ? { failure } : {}),
  };
}

function targetJson(o: Outcome, kind: string, name: string, outcome: string) {
  if (o.outcome === "failed")
    return {
      kind,
      name,
      outcome,
      error: o.error.message,
      ...("possiblyPaused" in o ? { possiblyPaused: true } : {}),
    };
  if (o.outcome === "missing") return { kind, name, outcome, by: o.by };
  if (o.outcome === "resumed") return { kind, name, outcome, paused: o.paused, lag: o.lag ?? null };
  return { kind, name, outcome, lag: o.lag ?? null };
}

/** `paused` and `already-paused` as the pause-queue action writes them (`paused` is what `--only-if-paused-by` takes), and a count. */
function pauseFields(paused: Target[], alreadyPaused: Target[]) {
  return [
    { env: "STASHKIT_PAUSED", output: "paused", value: JSON.stringify(paused) },
    { env: "STASHKIT_ALREADY_PAUSED", output: "already-paused", value: JSON.stringify(alreadyPaused) },
    { env: "STASHKIT_COUNT", output: "count", value: String(paused.length) },
  ];
}

/**
 * `resumed` names the queues, comma-separated (the resume-queue action's output of that name is
 * a JSON array); `resumed-targets` is JSON of every kind, as the action's.
 */
function resumeFields(resumed: Target[]) {
  return [
    { env: "STASHKIT_RESUMED", output: "resumed", value: queueNames(resumed).join(",") },
    { env: "STASHKIT_RESUMED_TARGETS", output: "resumed-targets", value: JSON.stringify(resumed) },
    { env: "STASHKIT_COUNT", output: "count", value: String(resumed.length) },
  ];
}

/** "2 queues, 1 schedule label": what the spinner says is awaited. */
function describeTargets(targets: SelectedTargets): string {
  const counts: [number, string][] = [
    [targets.queues.length, "queue"],
    [targets.schedules.ids.length, "schedule"],
    [targets.schedules.labels.length, "schedule label"],
    [targets.schedules.destinationPrefixes.length, "destination prefix"],
    [targets.flowControlKeys.length, "flow-control key"],
  ];
  const parts = counts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}${n > 1 ? (what.endsWith("x") ? "es" : "s") : ""}`);
  return parts.length > 0 ? parts.join(", ") : "nothing";
}

function queueNames(targets: Target[]): string[] {
  return targets.filter((t) => t.kind === "queue").map((t) => t.name);
}

function describe(o: Outcome): string {
  switch (o.outcome) {
    case "resumed":
      return `${describeTarget(o)}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`;
    case "paused":
      return `${describeTarget(o)}: paused (lag: ${o.lag ?? "unknown"})`;
    case "alreadyPaused":
      return `${describeTarget(o)}: already paused; left alone`;
    case "missing":
      return `${describeTarget(o)}: not found`;
    case "failed":
      return "possiblyPaused" in o
        ? `${describeTarget(o)}: possibly paused (${o.error.message}); counted as paused by this command`
        : `${describeTarget(o)}: ${o.error.message}`;
  }
}
