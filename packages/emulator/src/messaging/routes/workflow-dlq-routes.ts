import type { RouteContext } from "../../http/api.ts";
import { ok, type Reply } from "../../http/reply.ts";
import type { HeaderBag } from "../engine/message-headers.ts";
import type { RunReference, WorkflowDlq } from "../engine/workflow/workflow-dlq.ts";
import type { StoredDlqMessage } from "../records/dlq-store.ts";
import { count, messageFilter, values } from "./filters.ts";

const PAGE = 100;

/** `/v2/workflows/dlq`: resume, restart, call the failure function again, delete. */
export function workflowDlqHandlers(dlq: WorkflowDlq) {
  const each =
    (act: (dlqId: string, overrides: HeaderBag) => RunReference) =>
    (context: RouteContext): Reply => {
      const selected = select(dlq, context);
      const overrides = context.req.headers as HeaderBag;
      return ok({ workflowRuns: selected.map((entry) => act(entry.dlqId, overrides)) });
    };
  return {
    resume: each((dlqId, overrides) => dlq.resume(dlqId, overrides)),
    restart: each((dlqId, overrides) => dlq.restart(dlqId, overrides)),
    callback: (context: RouteContext) => ok(dlq.callFailureFunction(context.params["id"] ?? "")),
    remove(context: RouteContext): Reply {
      const gone = select(dlq, context);
      dlq.remove(gone);
      return ok({ deleted: gone.length });
    },
  };
}

/** The entries named by `dlqIds`, or matching the filters (`all=true`-style requests name none). */
function select(dlq: WorkflowDlq, context: RouteContext): StoredDlqMessage[] {
  const ids = values(context.query, "dlqIds");
  if (ids.length > 0) return [...new Set(ids)].map((id) => dlq.find(id).entry);
  const filter = messageFilter(context.query);
  const runIds = values(context.query, "workflowRunId");
  const limit = count(context.query, PAGE, 1000);
  const selected: StoredDlqMessage[] = [];
  for (const entry of dlq.entries()) {
    if (selected.length === limit) break;
    const ofRun = runIds.length === 0 || runIds.includes(entry.message.workflow?.runId ?? "");
    if (ofRun && filter.matches(entry.message, { at: entry.failedAt })) selected.push(entry);
  }
  return selected;
}
