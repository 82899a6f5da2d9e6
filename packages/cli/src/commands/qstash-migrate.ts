import { migrateQStash, planText, regionsFromEnv, validateQStashRegion } from "@stashkit/core";
import { regionalClients } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import type { QStashMigrateFlags } from "./qstash-migrate.flags.ts";

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
  const result = await context.terminal.progress(
    `${dryRun ? "planning the copy" : "copying"} from ${from} to ${to}`,
    migrateQStash(source, destination, {
      deadline: context.deadline,
      dryRun,
      pauseSource: flags.pauseSource === true,
    }),
  );
  const { copy, left, pausedInSource } = result;
  const count = copy.plan.changes.length;
  const more = left.atLeast ? "at least " : "";
  const lines = [
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
  return {
    lines,
    json: () => ({
      from,
      to,
      outcome: copy.outcome,
      changes: copy.plan.changes,
      left,
      pausedInSource: pausedInSource.map(({ name, outcome }) => ({ name, outcome })),
    }),
    fields: [
      { env: "STASHKIT_CHANGED", output: "changed", value: String(count > 0) },
      { env: "STASHKIT_COUNT", output: "count", value: String(count) },
    ],
    warnings: [],
    ...(copy.outcome === "refused" ? { failure: new Error("the destination refused the copy") } : {}),
  };
}
