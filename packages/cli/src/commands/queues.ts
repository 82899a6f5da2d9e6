import {
  alreadyPausedTargets,
  NotFoundError,
  type PauseOutcome,
  parseTargetList,
  pausedTargets,
  pauseTargets,
  type ResumeOutcome,
  resumedTargets,
  resumeTargets,
  type Target,
  type TargetsInput,
  targetsInput,
  validateFlowControlKey,
  validateQueueName,
  validateScheduleSelection,
} from "@stashkit/core";
import { type ConnectionFlags, messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { oneOf } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";

export interface QueuesFlags extends ConnectionFlags {
  /** The positional queue names; commas separate too. */
  names?: string[];
  scheduleId?: string[];
  scheduleLabel?: string[];
  destinationPrefix?: string[];
  flowControlKey?: string[];
  /** resume only: the JSON list a pause printed as `paused`. */
  onlyIfPausedBy?: string;
  ifMissing?: string;
}

type Mode = "pause" | "resume";
type Outcome = PauseOutcome | ResumeOutcome;

const ONLY_IF = "--only-if-paused-by";
const SELECTION_FLAGS =
  "queue names, --schedule-id, --schedule-label, --destination-prefix or --flow-control-key";

/** Reads and checks the targets, naming the flag of a bad one, before anything is sent. */
export function readTargets(flags: QueuesFlags): TargetsInput {
  const split = (values: string[] | undefined) =>
    (values ?? [])
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v !== "");
  const queues = split(flags.names);
  const schedules = {
    ids: split(flags.scheduleId),
    labels: split(flags.scheduleLabel),
    destinationPrefixes: split(flags.destinationPrefix),
  };
  const flowControlKeys = split(flags.flowControlKey);
  const given =
    queues.length +
    schedules.ids.length +
    schedules.labels.length +
    schedules.destinationPrefixes.length +
    flowControlKeys.length;
  if (flags.onlyIfPausedBy !== undefined) {
    if (given > 0) {
      throw new UsageError(
        ONLY_IF,
        `${ONLY_IF} resumes exactly what a pause reported; give it alone, without ${SELECTION_FLAGS}`,
      );
    }
    return targetsInput(parseTargetList(flags.onlyIfPausedBy, ONLY_IF));
  }
  if (given === 0) throw new UsageError("<names…>", `give at least one of ${SELECTION_FLAGS}`);
  for (const name of queues) validateQueueName(name, "queue name");
  validateScheduleSelection(schedules, {
    ids: "--schedule-id",
    labels: "--schedule-label",
    destinationPrefixes: "--destination-prefix",
  });
  for (const key of flowControlKeys) validateFlowControlKey(key, "--flow-control-key");
  return { queues, schedules, flowControlKeys };
}

/**
 * `stashkit queues pause|resume`: every target is tried; the command fails with the first
 * failure. A pause reads each target first, so what was already paused is left alone and not
 * listed in `paused`, and a resume with `--only-if-paused-by` never resumes it.
 */
export function command(mode: Mode) {
  return async (flags: QueuesFlags, context: CommandContext): Promise<CommandResult> => {
    const targets = readTargets(flags);
    const ifMissing = oneOf(flags.ifMissing ?? "fail", ["fail", "skip"] as const, "--if-missing");
    const client = messagingClient(flags, context);
    const input = { ...targets, concurrency: 8 };
    const work: Promise<Outcome[]> =
      mode === "pause" ? pauseTargets(client, input) : resumeTargets(client, input);
    const label = `${mode === "pause" ? "pausing" : "resuming"} ${describeTargets(targets)}`;
    const outcomes = await context.terminal.progress(label, work);
    return outcomesReport(mode, outcomes, ifMissing);
  };
}

export function outcomesReport(mode: Mode, outcomes: Outcome[], ifMissing: "fail" | "skip"): CommandResult {
  const paused = outcomes as PauseOutcome[];
  const done = mode === "pause" ? pausedTargets(paused) : resumedTargets(outcomes as ResumeOutcome[]);
  const alreadyPaused = alreadyPausedTargets(paused);
  const warnings: string[] = [];
  for (const o of outcomes) {
    if (o.outcome === "resumed" && o.paused)
      warnings.push(`${what(o)} still reports paused; resuming can take up to a minute to take effect`);
    if (o.outcome === "missing" && ifMissing === "skip") warnings.push(`${what(o)} not found; skipped`);
  }
  const missing = outcomes.filter((o) => o.outcome === "missing").map(what);
  const failed = outcomes.find((o) => o.outcome === "failed");
  const failure =
    failed?.outcome === "failed"
      ? failed.error
      : missing.length > 0 && ifMissing === "fail"
        ? new NotFoundError(
            `not found: ${missing.join(", ")}; the others were ${mode}d. Pass --if-missing skip to go on without them`,
          )
        : undefined;
  const lines = outcomes.map(describe);
  if (outcomes.length === 0) lines.push(`nothing to ${mode}`);
  return {
    lines,
    json: () => ({
      ...(mode === "pause"
        ? { paused: done, alreadyPaused }
        : { resumed: queueNames(done), resumedTargets: done }),
      targets: outcomes.map((o) => {
        const { kind, name, outcome } = o;
        if (o.outcome === "failed") return { kind, name, outcome, error: o.error.message };
        if (o.outcome === "missing") return { kind, name, outcome, by: o.by };
        if (o.outcome === "resumed") return { kind, name, outcome, paused: o.paused, lag: o.lag ?? null };
        return { kind, name, outcome, lag: o.lag ?? null };
      }),
    }),
    fields: mode === "pause" ? pauseFields(done, alreadyPaused) : resumeFields(done),
    warnings,
    ...(failure ? { failure } : {}),
  };
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
function describeTargets(targets: TargetsInput): string {
  const counts: [number, string][] = [
    [targets.queues?.length ?? 0, "queue"],
    [targets.schedules?.ids?.length ?? 0, "schedule"],
    [targets.schedules?.labels?.length ?? 0, "schedule label"],
    [targets.schedules?.destinationPrefixes?.length ?? 0, "destination prefix"],
    [targets.flowControlKeys?.length ?? 0, "flow-control key"],
  ];
  const parts = counts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}${n > 1 ? (what.endsWith("x") ? "es" : "s") : ""}`);
  return parts.length > 0 ? parts.join(", ") : "nothing";
}

function queueNames(targets: Target[]): string[] {
  return targets.filter((t) => t.kind === "queue").map((t) => t.name);
}

function what(o: Outcome): string {
  if (o.outcome === "missing" && o.by === "label") return `schedule label ${o.name}`;
  if (o.outcome === "missing" && o.by === "destination") return `schedule destination prefix ${o.name}`;
  return `${o.kind} ${o.name}`;
}

function describe(o: Outcome): string {
  switch (o.outcome) {
    case "resumed":
      return `${what(o)}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`;
    case "paused":
      return `${what(o)}: paused (lag: ${o.lag ?? "unknown"})`;
    case "alreadyPaused":
      return `${what(o)}: already paused; left alone`;
    case "missing":
      return `${what(o)}: ${o.by === "label" || o.by === "destination" ? "matches no schedule" : "not found"}`;
    case "failed":
      return `${what(o)}: ${o.error.message}`;
  }
}
