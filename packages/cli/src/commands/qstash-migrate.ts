import {
  type MigrateQStashResult,
  migrateQStash,
  planText,
  regionsFromEnv,
  validateQStashRegion,
} from "@stashkit/core";
import { regionalClients } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import type { QStashMigrateFlags } from "./qstash-migrate.flags.ts";
import { drainLines, drainProgress } from "./qstash-migrate-drain.ts";

/** `stashkit qstash migrate --from R --to R`: the copy, what stays behind, and the source's pause. */
export async function run(flags: QStashMigrateFlags, context: CommandContext): Promise<CommandResult> {
  const from = validateQStashRegion(flags.from ?? "", "--from");
  const to = validateQStashRegion(flags.to ?? "", "--to");
  if (from === to) throw new UsageError("--to", `--from and --to are both ${from}: name the other region`);
  if (regionsFromEnv(context.env) === undefined) {
    throw new UsageError(
      "--from",
      `migrate reads both regions from the official SDK's variables: set QSTASH_REGION and ${from}_QSTASH_URL, ${from}_QSTASH_TOKEN, ${to}_QSTASH_URL, ${to}_QSTASH_TOKEN`,
    );
  }
  const [source] = regionalClients({ region: from }, context);
  const [destination] = regionalClients({ region: to }, context);
  if (source === undefined || destination === undefined) throw new Error("both regions must be configured");
  const dryRun = flags.dryRun === true;
  const drain = flags.drain === true && !dryRun ? drainProgress(from, context) : undefined;
  const migration = migrateQStash(source, destination, {
    deadline: context.deadline,
    dryRun,
    pauseSource: flags.pauseSource === true,
    drain,
  });
  // The drain draws its own progress: a spinner beside it would redraw the same line.
  const label = `${dryRun ? "planning the copy" : "copying"} from ${from} to ${to}`;
  const result = drain ? await migration : await context.terminal.progress(label, migration);
  drain?.done();
  const { copy, pausedInSource, drained } = result;
  const count = copy.plan.changes.length;
  const lines = [...migrationLines(from, to, dryRun, result), ...drainLines(from, drained)];
  return {
    lines,
    json: () => ({
      from,
      to,
      outcome: copy.outcome,
      changes: copy.plan.changes,
      left: result.left,
      pausedInSource: pausedInSource.map(({ name, outcome }) => ({ name, outcome })),
      ...(drained === undefined ? {} : { drained }),
    }),
    fields: [
      { env: "STASHKIT_CHANGED", output: "changed", value: String(count > 0) },
      { env: "STASHKIT_COUNT", output: "count", value: String(count) },
    ],
    warnings: [],
    ...(copy.outcome === "refused"
      ? { failure: new Error("the destination refused the copy") }
      : drained?.drained === false
        ? { failure: new Error(`${from}'s queues still hold ${drained.waiting} messages`) }
        : {}),
  };
}

/** The copy, what stays in the source, and the source's schedules paused, as lines. */
function migrationLines(from: string, to: string, dryRun: boolean, result: MigrateQStashResult): string[] {
  const { copy, left, pausedInSource } = result;
  const count = copy.plan.changes.length;
  const more = left.atLeast ? "at least " : "";
  return [
    ...planText(copy.plan),
    count === 0
      ? `${to} has everything ${from} has: nothing to copy`
      : dryRun
        ? `dry run: nothing was sent (${count} change${count === 1 ? "" : "s"} to copy)`
        : `copied ${count} change${count === 1 ? "" : "s"} to ${to}`,
    `stays in ${from} (cannot move): ${more}${left.messagesWaiting} messages waiting, ${more}${left.dlqEntries} DLQ entries, ${more}${left.logEntries} log entries`,
    ...left.skipped.map(({ schedule, why }) => `schedule ${schedule} not copied: ${why}`),
    ...pausedInSource.map(
      (o) => `schedule ${o.name} in ${from}: ${o.outcome === "alreadyPaused" ? "already paused" : o.outcome}`,
    ),
  ];
}
