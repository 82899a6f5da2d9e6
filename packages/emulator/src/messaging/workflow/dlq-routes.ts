import type { RouteContext } from "../../http/api.ts";
import { HttpError, ok, type Reply } from "../../http/reply.ts";
import { count, messageFilter, values } from "../filters.ts";
import type { HeaderBag } from "../publish/message-headers.ts";
import type { StoredDlqMessage } from "../store.ts";
import type { RunReference, WorkflowDlq } from "./workflow-dlq.ts";

const PAGE = 100;

/** `/v2/workflows/dlq`: resume, restart, call the failure function again, delete. */
export function workflowDlqHandlers(dlq: WorkflowDlq) {
  const each =
    (act: (dlqId: string, overrides: HeaderBag) => RunReference) =>
    (context: RouteContext): Reply => {
      const selected = select(dlq.entries(), context);
      const overrides = context.req.headers as HeaderBag;
      return ok({ workflowRuns: selected.map((entry) => act(entry.dlqId, overrides)) });
    };
  return {
    resume: each((dlqId, overrides) => dlq.resume(dlqId, overrides)),
    restart: each((dlqId, overrides) => dlq.restart(dlqId, overrides)),
    callback: (context: RouteContext) => ok(dlq.callFailureFunction(context.params["id"] ?? "")),
    remove(context: RouteContext): Reply {
      const gone = new Set(select(dlq.entries(), context));
      dlq.remove(gone);
      return ok({ deleted: gone.size });
    },
  };
}

/** The entries named by `dlqIds`, or matching the filters (`all=true`-style requests name none). */
function select(entries: StoredDlqMessage[], context: RouteContext): StoredDlqMessage[] {
  const ids = values(context.query, "dlqIds");
  if (ids.length > 0) {
    const missing = ids.find((id) => !entries.some((entry) => entry.dlqId === id));
    if (missing !== undefined) throw new HttpError(404, `workflow DLQ message "${missing}" not found`);
    return entries.filter((entry) => ids.includes(entry.dlqId));
  }
  const filter = messageFilter(context.query);
  const runIds = values(context.query, "workflowRunId");
  return entries
    .filter(
      (entry) =>
        filter.matches(entry.message, { at: entry.failedAt }) &&
        (runIds.length === 0 || runIds.includes(entry.message.workflow?.runId ?? "")),
    )
    .slice(0, count(context.query, PAGE, 1000));
}
