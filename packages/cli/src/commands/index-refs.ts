import type { IndexRef } from "@stashkit/core";
import type { CommandResult } from "../output/result.ts";

/** The result of a delete or a prune: one line per index, and the list in every format. */
export function deletedReport(deleted: IndexRef[], kept: IndexRef[], dryRun: boolean): CommandResult {
  const verb = dryRun ? "would be deleted" : "deleted";
  const label = (ref: IndexRef) => (ref.name ? `${ref.name} (${ref.id})` : ref.id);
  const lines = [
    ...deleted.map((d) => `${label(d)} ${verb}`),
    ...kept.map((k) => `${label(k)} kept`),
    `${deleted.length} search ${deleted.length === 1 ? "index" : "indexes"} ${verb}${kept.length > 0 ? `, ${kept.length} kept` : ""}.`,
  ];
  return {
    lines,
    json: () => ({ dryRun, deleted, kept }),
    fields: [
      { env: "STASHKIT_DELETED_COUNT", output: "count", value: String(deleted.length) },
      { env: "STASHKIT_DELETED", output: "deleted", value: deleted.map((d) => d.name).join(",") },
    ],
    warnings: [],
  };
}
