import { markdownTable } from "@stashkit/action-kit";
import type { DeletedIndex } from "@stashkit/core";

export function deleteSummary(deleted: DeletedIndex[], dryRun: boolean, kept: DeletedIndex[] = []): string {
  const verb = dryRun ? "would be deleted" : "deleted";
  const rows = [...deleted.map((d) => [d.name, d.id, verb]), ...kept.map((k) => [k.name, k.id, "kept"])];
  const table =
    rows.length > 0 ? `\n\n${markdownTable(["name", "id", "outcome"], rows)}` : "\n\nNo index matched.";
  return `### Search indexes ${verb}: ${deleted.length}${table}\n`;
}
