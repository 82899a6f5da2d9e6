import type { RouteContext } from "../../http/api.ts";
import { HttpError, ok, type Reply } from "../../http/reply.ts";
import { CursorError } from "../../storage/page.ts";
import { count, messageFilter, values } from "../filters.ts";
import { dlqView } from "../messages/views.ts";
import { type HeaderBag, readMessageHeaders } from "../publish/message-headers.ts";
import type { Publish, PublishAnswer } from "../publish/publisher.ts";
import type { DlqStore, StoredDlqMessage } from "./store.ts";

const PAGE = 100;

/** The dead letter queue: list, get, delete and retry, one by one or in bulk. */
export function dlqHandlers(store: DlqStore, publish: Publish) {
  const existing = (context: RouteContext) => existingEntry(store, context);
  const selection = (context: RouteContext) => selectEntries(store, context);
  const remove = (entries: StoredDlqMessage[]) => {
    for (const entry of entries) store.remove(entry.dlqId);
  };
  const retryOne = (entry: StoredDlqMessage, context: RouteContext) => retryEntry(publish, entry, context);
  return {
    list(context: RouteContext): Reply {
      const { entries, cursor } = selection(context);
      const view = (entry: StoredDlqMessage) =>
        entry.message.workflow === undefined
          ? dlqView(entry)
          : { ...dlqView(entry), workflowRunId: entry.message.workflow.runId };
      return ok({ messages: entries.map(view), ...cursor });
    },
    get: (context: RouteContext) => ok(dlqView(existing(context))),
    removeOne(context: RouteContext): Reply {
      remove([existing(context)]);
      return ok();
    },
    removeMany(context: RouteContext): Reply {
      const { entries, cursor } = selection(context);
      remove(entries);
      return ok({ deleted: entries.length, ...cursor });
    },
    retry(context: RouteContext): Reply {
      const entry = existing(context);
      const answer = retryOne(entry, context);
      remove([entry]);
      return { status: 201, json: answer };
    },
    retryMany(context: RouteContext): Reply {
      const { entries, cursor } = selection(context);
      const responses = entries.map((entry) => retryOne(entry, context));
      remove(entries);
      return { status: 201, json: { responses, ...cursor } };
    },
  };
}

function existingEntry(store: DlqStore, context: RouteContext): StoredDlqMessage {
  const dlqId = context.params["id"] ?? "";
  const entry = store.get(dlqId);
  if (!entry) throw new HttpError(404, `DLQ message "${dlqId}" not found`);
  return entry;
}

/**
 * The entries a request names, one page from the cursor on. The cursor is the place of the last
 * entry of the page before, so a page that removes what it selects leaves the next page's start
 * where it was.
 */
function selectEntries(store: DlqStore, context: RouteContext) {
  const ids = values(context.query, "dlqIds");
  const filter = messageFilter(context.query);
  // The Workflow SDK's DLQ filter names the run.
  const runIds = values(context.query, "workflowRunId");
  // The Workflow SDK lists its own entries with `source=workflow`.
  const workflowOnly = context.query.get("source") === "workflow";
  const accept = (entry: StoredDlqMessage) =>
    (workflowOnly && entry.message.workflow === undefined) ||
    (runIds.length > 0 && !runIds.includes(entry.message.workflow?.runId ?? ""))
      ? false
      : ids.length > 0
        ? ids.includes(entry.dlqId)
        : filter.matches(entry.message, {
            at: entry.failedAt,
            ...(entry.responseStatus === undefined ? {} : { responseStatus: entry.responseStatus }),
          });
  const cursor = context.query.get("cursor") ?? undefined;
  const limit = count(context.query, PAGE, PAGE);
  try {
    const page = store.page(accept, cursor, limit);
    return { entries: page.entries, cursor: page.next === undefined ? {} : { cursor: page.next } };
  } catch (error) {
    if (error instanceof CursorError) throw new HttpError(400, error.message);
    throw error;
  }
}

/** A new message with the same body and headers; request headers override its settings. */
function retryEntry(publish: Publish, entry: StoredDlqMessage, context: RouteContext): PublishAnswer {
  const overrides = readMessageHeaders(context.req.headers as HeaderBag);
  const { message } = entry;
  const timeoutMs = overrides.timeoutMs ?? message.timeoutMs;
  const labels = overrides.labels ?? message.labels;
  const retryDelayExpression = overrides.retryDelayExpression ?? message.retryDelayExpression;
  return publish({
    destination: message.destination,
    body: Buffer.from(message.body, "base64"),
    settings: {
      forwarded: message.headers,
      contentBasedDeduplication: false,
      method: overrides.method ?? message.method,
      retries: overrides.retries ?? message.maxRetries,
      ...(overrides.notBefore === undefined ? {} : { notBefore: overrides.notBefore }),
      ...(overrides.delayMs === undefined ? {} : { delayMs: overrides.delayMs }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(labels === undefined ? {} : { labels }),
      ...(retryDelayExpression === undefined ? {} : { retryDelayExpression }),
      ...(message.flowControlKey === undefined
        ? {}
        : { flowControlKey: message.flowControlKey, flowControl: message.flowControl ?? {} }),
    },
    ...(message.queueName === undefined ? {} : { queueName: message.queueName }),
    ...(message.scheduleId === undefined ? {} : { scheduleId: message.scheduleId }),
    ...(message.callerIp === undefined ? {} : { callerIp: message.callerIp }),
  });
}
