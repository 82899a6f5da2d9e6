import type { RouteContext } from "../../http/api.ts";
import { CursorError } from "../../storage/page.ts";
import { messagingErrors } from "../errors.ts";
import type { DlqStore, StoredDlqMessage } from "../records/dlq-store.ts";
import { count, messageFilter, values } from "./filters.ts";
import { DLQ_PARAMETERS, refuseUnknownParameters } from "./query-parameters.ts";

const PAGE = 100;

/** What the DLQ knows of a workflow run: where it runs and when it started. */
export interface RunLookup {
  get(runId: string): { url: string; createdAt: number } | undefined;
}

/**
 * The entries a request names, one page from the cursor on: by `dlqIds`, or by the filters
 * (each multi-valued, combined with AND). A parameter the DLQ does not take is refused first.
 * The cursor is the place of the last entry of the page before, so a page that removes what it
 * selects leaves the next page's start where it was.
 */
export function selectEntries(store: DlqStore, runs: RunLookup, context: RouteContext) {
  const { query } = context;
  refuseUnknownParameters(query, DLQ_PARAMETERS);
  const ids = values(query, "dlqIds");
  const filter = messageFilter(query);
  const ofWorkflow = workflowFilter(query, runs);
  const accept = (entry: StoredDlqMessage) =>
    ofWorkflow(entry) &&
    (ids.length > 0
      ? ids.includes(entry.dlqId)
      : filter.matches(entry.message, {
          at: entry.failedAt,
          ...(entry.responseStatus === undefined ? {} : { responseStatus: entry.responseStatus }),
        }));
  const cursor = query.get("cursor") ?? undefined;
  const limit = count(query, PAGE, PAGE);
  // Documented: earliest first unless `order=latestFirst`.
  const newestFirst = query.get("order") === "latestFirst";
  try {
    const page = store.page(accept, cursor, limit, newestFirst);
    return { entries: page.entries, cursor: page.next === undefined ? {} : { cursor: page.next } };
  } catch (error) {
    if (error instanceof CursorError) throw messagingErrors.invalidCursor(error.cursor);
    throw error;
  }
}

/**
 * The Workflow SDK's filters: `source=workflow` (its runs' entries only), the run's id, URL and
 * creation time, and the state of its failure callback.
 */
function workflowFilter(query: URLSearchParams, runs: RunLookup): (entry: StoredDlqMessage) => boolean {
  const workflowOnly = query.get("source") === "workflow";
  const runIds = values(query, "workflowRunId");
  const urls = values(query, "workflowUrl");
  const createdAt = query.get("workflowCreatedAt") || undefined;
  const failureStates = values(query, "failureFunctionState");
  if (!workflowOnly && runIds.length + urls.length + failureStates.length === 0 && createdAt === undefined) {
    return () => true;
  }
  return (entry) => {
    const runId = entry.message.workflow?.runId;
    const run = runId === undefined ? undefined : runs.get(runId);
    return (
      runId !== undefined &&
      (runIds.length === 0 || runIds.includes(runId)) &&
      (urls.length === 0 || (run !== undefined && urls.includes(run.url))) &&
      (createdAt === undefined || String(run?.createdAt) === createdAt) &&
      (failureStates.length === 0 || failureStates.includes(entry.failureCallbackInfo?.state ?? ""))
    );
  };
}
