import { NotFoundError, type QueueOutcome, resumeQueues, validateQueueName } from "@stashkit/core";
import { type ConnectionFlags, messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { oneOf } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";

export interface QueuesFlags extends ConnectionFlags {
  /** The positional queue names; commas separate too. */
  names?: string[];
  ifMissing?: string;
}

/** Reads and checks the queue names before anything is sent. */
export function readQueueNames(flags: QueuesFlags): string[] {
  const names = (flags.names ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  if (names.length === 0) throw new UsageError("<names…>", "give at least one queue name");
  for (const name of names) validateQueueName(name, "queue name");
  return names;
}

/** `stashkit queues resume`: every queue is tried; the command fails with the first failure. */
export async function resume(flags: QueuesFlags, context: CommandContext): Promise<CommandResult> {
  const names = readQueueNames(flags);
  const ifMissing = oneOf(flags.ifMissing ?? "fail", ["fail", "skip"] as const, "--if-missing");
  const client = messagingClient(flags, context);
  const outcomes = await context.terminal.progress(
    `resuming ${names.length} queue${names.length > 1 ? "s" : ""}`,
    resumeQueues(client, { names, concurrency: 8 }),
  );
  return outcomesReport(outcomes, ifMissing);
}

export function outcomesReport(outcomes: QueueOutcome[], ifMissing: "fail" | "skip"): CommandResult {
  const resumed = outcomes.filter((o) => o.outcome === "resumed").map((o) => o.name);
  const warnings: string[] = [];
  for (const o of outcomes) {
    if (o.outcome === "resumed" && o.paused)
      warnings.push(`queue ${o.name} still reports paused; resuming can take up to a minute to take effect`);
    if (o.outcome === "missing" && ifMissing === "skip")
      warnings.push(`queue ${o.name} does not exist; skipped`);
  }
  const missing = outcomes.filter((o) => o.outcome === "missing").map((o) => `queue ${o.name}`);
  const failed = outcomes.find((o) => o.outcome === "failed");
  const failure =
    failed?.outcome === "failed"
      ? failed.error
      : missing.length > 0 && ifMissing === "fail"
        ? new NotFoundError(
            `not found: ${missing.join(", ")}; the others were resumed. Pass --if-missing skip to go on without them`,
          )
        : undefined;
  return {
    lines: outcomes.map(describe),
    json: () => ({
      resumed,
      queues: outcomes.map((o) => {
        if (o.outcome === "failed") return { name: o.name, outcome: o.outcome, error: o.error.message };
        if (o.outcome === "missing") return { name: o.name, outcome: o.outcome };
        return { name: o.name, outcome: o.outcome, paused: o.paused, lag: o.lag ?? null };
      }),
    }),
    fields: [
      { env: "STASHKIT_RESUMED", output: "resumed", value: resumed.join(",") },
      { env: "STASHKIT_COUNT", output: "count", value: String(resumed.length) },
    ],
    warnings,
    ...(failure ? { failure } : {}),
  };
}

function describe(o: QueueOutcome): string {
  if (o.outcome === "resumed")
    return `queue ${o.name}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`;
  if (o.outcome === "missing") return `queue ${o.name}: not found`;
  return `queue ${o.name}: ${o.error.message}`;
}
