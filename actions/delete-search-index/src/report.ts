import { markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import type { PruneOutcome } from "./prune.ts";

export type DeleteReport = PruneOutcome;

/** The log lines, the outputs and the summary of a delete or a prune. */
export function reportDeleted(result: DeleteReport, dryRun: boolean): void {
  const verb = dryRun ? "would be deleted" : "deleted";
  for (const d of result.deleted)
    runner.info(`${d.name} (${d.id}) ${verb}${d.reason ? `: ${d.reason}` : ""}`);
  for (const p of result.protected)
    runner.info(`${p.name} (${p.id}) kept: protected by protect "${p.protectedBy}"`);
  if (result.remaining.length > 0) {
    runner.warning(
      `stopped before the time limit with ${result.remaining.length} stale search indexes left (${result.stoppedBy ?? "out of time"}); the next run deletes them`,
    );
  }
  runner.setOutput("deleted", JSON.stringify(result.deleted));
  runner.setOutput("count", String(result.deleted.length));
  runner.setOutput("remaining", JSON.stringify(result.remaining));
  writeSummary(deleteSummary(result, dryRun));
}

export function deleteSummary(result: Omit<DeleteReport, "stoppedBy">, dryRun: boolean): string {
  const { deleted, kept, remaining } = result;
  const verb = dryRun ? "would be deleted" : "deleted";
  const rows = [
    ...deleted.map((d) => [d.name, d.id, d.reason ? `${verb}: ${d.reason}` : verb]),
    ...remaining.map((r) => [r.name, r.id, "stale, left for the next run"]),
    ...result.protected.map((p) => [p.name, p.id, `kept: protected by ${p.protectedBy}`]),
    ...kept.map((k) => [k.name, k.id, "kept"]),
  ];
  const table =
    rows.length > 0 ? `\n\n${markdownTable(["name", "id", "outcome"], rows)}` : "\n\nNo index matched.";
  const left =
    remaining.length > 0
      ? `\n\nThe time limit came first: ${remaining.length} stale indexes remain; the next run continues with them.`
      : "";
  return `### Search indexes ${verb}: ${deleted.length}${left}${table}\n`;
}
