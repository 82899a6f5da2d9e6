import { type IndexRef, type Protected, pruneReasonText, type Stale } from "@stashkit/core";
import type { CommandResult } from "../output/result.ts";

/** The result of a delete or a prune: one line per index, and the list in every format. */
export function deletedReport(deleted: IndexRef[], kept: IndexRef[], dryRun: boolean): CommandResult {
  return prunedReport({ deleted, kept, protected: [] }, dryRun);
}

/** The same for a prune: why each index goes (closed, or older than --max-age), and what --protect kept. */
export function prunedReport(
  result: {
    deleted: (IndexRef | Stale<IndexRef>)[];
    kept: IndexRef[];
    protected: Protected<IndexRef>[];
  },
  dryRun: boolean,
): CommandResult {
  const verb = dryRun ? "would be deleted" : "deleted";
  const label = (ref: IndexRef) => (ref.name ? `${ref.name} (${ref.id})` : ref.id);
  const why = (ref: IndexRef | Stale<IndexRef>) =>
    "reason" in ref ? pruneReasonText(ref.reason) : undefined;
  const deleted = result.deleted.map((d) => ({
    name: d.name,
    id: d.id,
    ...(why(d) ? { reason: why(d) } : {}),
  }));
  const kept = result.kept.map(({ name, id }) => ({ name, id }));
  const guarded = result.protected.map(({ name, id, protectedBy }) => ({ name, id, protectedBy }));
  const count = deleted.length;
  const lines = [
    ...deleted.map((d) => `${label(d)} ${verb}${d.reason ? `: ${d.reason}` : ""}`),
    ...guarded.map((p) => `${label(p)} kept: protected by --protect ${p.protectedBy}`),
    ...kept.map((k) => `${label(k)} kept`),
    `${count} search ${count === 1 ? "index" : "indexes"} ${verb}${kept.length + guarded.length > 0 ? `, ${kept.length + guarded.length} kept` : ""}.`,
  ];
  return {
    lines,
    json: () => ({ dryRun, deleted, kept, ...(guarded.length > 0 ? { protected: guarded } : {}) }),
    fields: [
      { env: "STASHKIT_DELETED_COUNT", output: "count", value: String(count) },
      { env: "STASHKIT_DELETED", output: "deleted", value: deleted.map((d) => d.name).join(",") },
    ],
    warnings: [],
  };
}
