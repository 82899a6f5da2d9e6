import { NotFoundError, type QueueOutcome, resumeQueues, validateQueueName } from "@stashkit/core";
import { type ConnectionFlags, messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { oneOf } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";

export interface ResumeFlags extends ConnectionFlags {
  /** The positional queue names; commas separate too. */
  names?: string[];
  ifMissing?: string;
}

/** `stashkit queues resume <names…>`: every queue is tried; the command fails with the first failure. */
export async function run(flags: ResumeFlags, context: CommandContext): Promise<CommandResult> {
  const queues = (flags.names ?? [])
    .flatMap((n) => n.split(","))
    .map((n) => n.trim())
    .filter((n) => n !== "");
  if (queues.length === 0) throw new UsageError("<names…>", "give at least one queue name");
  for (const name of queues) validateQueueName(name, "queue name");
  const ifMissing = oneOf(flags.ifMissing ?? "fail", ["fail", "skip"] as const, "--if-missing");
  const client = messagingClient(flags, context);
  const outcomes = await context.terminal.progress(
    `resuming ${queues.length} queue${queues.length > 1 ? "s" : ""}`,
    resumeQueues(client, { names: queues, concurrency: 8 }),
  );
  return resumeReport(outcomes, ifMissing);
}

export function resumeReport(outcomes: QueueOutcome[], ifMissing: "fail" | "skip"): CommandResult {
  const resumed = outcomes.filter((o) => o.outcome === "resumed").map((o) => o.name);
  const warnings: string[] = [];
  for (const o of outcomes) {
    if (o.outcome === "resumed" && o.paused)
      warnings.push(`queue ${o.name} still reports paused; resuming can take up to a minute to take effect`);
    if (o.outcome === "missing" && ifMissing === "skip")
      warnings.push(`queue ${o.name} does not exist; skipped`);
  }
  const missing = outcomes.filter((o) => o.outcome === "missing").map((o) => o.name);
  const failed = outcomes.find((o) => o.outcome === "failed");
  const failure =
    failed?.outcome === "failed"
      ? failed.error
      : missing.length > 0 && ifMissing === "fail"
        ? new NotFoundError(
            `queue${missing.length > 1 ? "s" : ""} not found: ${missing.join(", ")}; the others were resumed. Pass --if-missing skip to go on without them`,
          )
        : undefined;
  return {
    lines: outcomes.map(describe),
    json: () => ({
      queues: outcomes.map((o) =>
        o.outcome === "resumed"
          ? { name: o.name, outcome: o.outcome, paused: o.paused, lag: o.lag ?? null }
          : o.outcome === "failed"
            ? { name: o.name, outcome: o.outcome, error: o.error.message }
            : { name: o.name, outcome: o.outcome },
      ),
    }),
    fields: [
      { env: "STASHKIT_RESUMED", output: "resumed", value: resumed.join(",") },
      { env: "STASHKIT_RESUMED_COUNT", output: "count", value: String(resumed.length) },
    ],
    warnings,
    ...(failure ? { failure } : {}),
  };
}

function describe(o: QueueOutcome): string {
  if (o.outcome === "resumed") return `${o.name}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`;
  if (o.outcome === "missing") return `${o.name}: not found`;
  return `${o.name}: ${o.error.message}`;
}
