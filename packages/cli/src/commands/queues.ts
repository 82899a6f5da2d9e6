import {
  NotFoundError,
  type PauseOutcome,
  pauseTargets,
  type ResumeOutcome,
  resumeTargets,
  type TargetsInput,
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
  flowControlKey?: string[];
  ifMissing?: string;
}

type Outcome = PauseOutcome | ResumeOutcome;

/** Reads and checks the targets, naming the flag of a bad one, before anything is sent. */
export function readTargets(flags: QueuesFlags): TargetsInput {
  const split = (values: string[] | undefined) =>
    (values ?? [])
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v !== "");
  const queues = split(flags.names);
  const ids = split(flags.scheduleId);
  const keys = split(flags.flowControlKey);
  if (queues.length + ids.length + keys.length === 0) {
    throw new UsageError("<names…>", "give at least one queue name, --schedule-id or --flow-control-key");
  }
  for (const name of queues) validateQueueName(name, "queue name");
  validateScheduleSelection(
    { ids },
    { ids: "--schedule-id", labels: "--schedule-label", destinationPrefixes: "--destination-prefix" },
  );
  for (const key of keys) validateFlowControlKey(key, "--flow-control-key");
  return { queues, schedules: { ids }, flowControlKeys: keys };
}

/** `stashkit queues resume|pause`: every target is tried; the command fails with the first failure. */
export function command(mode: "pause" | "resume") {
  return async (flags: QueuesFlags, context: CommandContext): Promise<CommandResult> => {
    const targets = readTargets(flags);
    const ifMissing = oneOf(flags.ifMissing ?? "fail", ["fail", "skip"] as const, "--if-missing");
    const client = messagingClient(flags, context);
    const count =
      (targets.queues?.length ?? 0) +
      (targets.schedules?.ids?.length ?? 0) +
      (targets.flowControlKeys?.length ?? 0);
    const work: Promise<Outcome[]> =
      mode === "pause"
        ? pauseTargets(client, { ...targets, concurrency: 8 })
        : resumeTargets(client, { ...targets, concurrency: 8 });
    const outcomes = await context.terminal.progress(
      `${mode === "pause" ? "pausing" : "resuming"} ${count} target${count > 1 ? "s" : ""}`,
      work,
    );
    return outcomesReport(mode, outcomes, ifMissing);
  };
}

export function outcomesReport(
  mode: "pause" | "resume",
  outcomes: Outcome[],
  ifMissing: "fail" | "skip",
): CommandResult {
  const done = outcomes.filter((o) => o.outcome === "resumed" || o.outcome === "paused");
  const warnings: string[] = [];
  for (const o of outcomes) {
    if (o.outcome === "resumed" && o.paused)
      warnings.push(
        `${o.kind} ${o.name} still reports paused; resuming can take up to a minute to take effect`,
      );
    if (o.outcome === "missing" && ifMissing === "skip")
      warnings.push(`${o.kind} ${o.name} does not exist; skipped`);
  }
  const missing = outcomes.filter((o) => o.outcome === "missing").map((o) => `${o.kind} ${o.name}`);
  const failed = outcomes.find((o) => o.outcome === "failed");
  const failure =
    failed?.outcome === "failed"
      ? failed.error
      : missing.length > 0 && ifMissing === "fail"
        ? new NotFoundError(
            `not found: ${missing.join(", ")}; the others were ${mode}d. Pass --if-missing skip to go on without them`,
          )
        : undefined;
  return {
    lines: outcomes.map(describe),
    json: () => ({
      [mode === "pause" ? "paused" : "resumed"]: done.map(({ kind, name }) => ({ kind, name })),
      targets: outcomes.map((o) => {
        const { kind, name, outcome } = o;
        if (o.outcome === "failed") return { kind, name, outcome, error: o.error.message };
        if (o.outcome === "missing") return { kind, name, outcome };
        return { kind, name, outcome, ...("paused" in o ? { paused: o.paused } : {}), lag: o.lag ?? null };
      }),
    }),
    fields: [
      {
        env: mode === "pause" ? "STASHKIT_PAUSED" : "STASHKIT_RESUMED",
        output: mode === "pause" ? "paused" : "resumed",
        value: done.map((o) => o.name).join(","),
      },
      { env: "STASHKIT_COUNT", output: "count", value: String(done.length) },
    ],
    warnings,
    ...(failure ? { failure } : {}),
  };
}

function describe(o: Outcome): string {
  const what = `${o.kind} ${o.name}`;
  switch (o.outcome) {
    case "resumed":
      return `${what}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`;
    case "paused":
      return `${what}: paused (lag: ${o.lag ?? "unknown"})`;
    case "alreadyPaused":
      return `${what}: was already paused; left alone`;
    case "missing":
      return `${what}: not found`;
    case "failed":
      return `${what}: ${o.error.message}`;
  }
}
