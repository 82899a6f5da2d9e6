import { markdownTable, runner, writeSummary } from "@stashkit/action-kit";
import type { IndexRef } from "@stashkit/core";

/** The log lines, the outputs and the summary of a delete or a prune. */
export function reportDeleted(result: { deleted: IndexRef[]; kept: IndexRef[] }, dryRun: boolean): void {
  for (const d of result.deleted)
    runner.info(`${d.name} (${d.id}) ${dryRun ? "would be deleted" : "deleted"}`);
  runner.setOutput("deleted", JSON.stringify(result.deleted));
  runner.setOutput("count", String(result.deleted.length));
  writeSummary(deleteSummary(result.deleted, dryRun, result.kept));
}

export function deleteSummary(deleted: IndexRef[], dryRun: boolean, kept: IndexRef[] = []): string {
  const verb = dryRun ? "would be deleted" : "deleted";
  const rows = [...deleted.map((d) => [d.name, d.id, verb]), ...kept.map((k) => [k.name, k.id, "kept"])];
  const table =
    rows.length > 0 ? `\n\n${markdownTable(["name", "id", "outcome"], rows)}` : "\n\nNo index matched.";
  return `### Search indexes ${verb}: ${deleted.length}${table}\n`;
}
