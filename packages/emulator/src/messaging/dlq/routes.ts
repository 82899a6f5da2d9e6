import type { RouteContext } from "../../http/api.ts";
import { HttpError, ok, type Reply } from "../../http/reply.ts";
import { count, messageFilter, values } from "../filters.ts";
import { dlqView } from "../messages/views.ts";
import { type HeaderBag, readMessageHeaders } from "../publish/message-headers.ts";
import type { Publish, PublishAnswer } from "../publish/publisher.ts";
import type { MessagingStore, StoredDlqMessage } from "../store.ts";

const PAGE = 100;

/** The dead letter queue: list, get, delete and retry, one by one or in bulk. */
export function dlqHandlers(store: MessagingStore, publish: Publish) {
  const existing = (context: RouteContext) => existingEntry(store, context);
  const selection = (context: RouteContext, removes: boolean) => selectEntries(store, context, removes);
  const remove = (entries: StoredDlqMessage[]) => removeEntries(store, entries);
  const retryOne = (entry: StoredDlqMessage, context: RouteContext) => retryEntry(publish, entry, context);
  return {
    list(context: RouteContext): Reply {
      const { entries, cursor } = selection(context, false);
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
      const { entries, cursor } = selection(context, true);
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
      const { entries, cursor } = selection(context, true);
      const responses = entries.map((entry) => retryOne(entry, context));
      remove(entries);
      return { status: 201, json: { responses, ...cursor } };
    },
  };
}

function existingEntry(store: MessagingStore, context: RouteContext): StoredDlqMessage {
  const dlqId = context.params["id"] ?? "";
  const entry = store.data.dlq.find((candidate) => candidate.dlqId === dlqId);
  if (!entry) throw new HttpError(404, `DLQ message "${dlqId}" not found`);
  return entry;
}

/**
 * The entries a bulk request names, one page from the cursor (an offset) on. When the
 * request removes what it selects, the next page starts where this one started.
 */
function selectEntries(store: MessagingStore, context: RouteContext, removes: boolean) {
  const ids = values(context.query, "dlqIds");
  const filter = messageFilter(context.query);
  // The Workflow SDK's DLQ filter names the run.
  const runIds = values(context.query, "workflowRunId");
  // The Workflow SDK lists its own entries with `source=workflow`.
  const workflowOnly = context.query.get("source") === "workflow";
  const matching = store.data.dlq.filter((entry) =>
    (workflowOnly && entry.message.workflow === undefined) ||
    (runIds.length > 0 && !runIds.includes(entry.message.workflow?.runId ?? ""))
      ? false
      : ids.length > 0
        ? ids.includes(entry.dlqId)
        : filter.matches(entry.message, {
            at: entry.failedAt,
            ...(entry.responseStatus === undefined ? {} : { responseStatus: entry.responseStatus }),
          }),
  );
  const cursorText = context.query.get("cursor") ?? "";
  const start = cursorText === "" ? 0 : Number(cursorText);
  if (!Number.isInteger(start) || start < 0)
    throw new HttpError(400, `cursor "${cursorText}" is not one this API gave`);
  const end = start + count(context.query, PAGE, PAGE);
  return {
    entries: matching.slice(start, end),
    cursor: end < matching.length ? { cursor: String(removes ? start : end) } : {},
  };
}

function removeEntries(store: MessagingStore, entries: StoredDlqMessage[]): void {
  const gone = new Set(entries);
  store.data.dlq = store.data.dlq.filter((entry) => !gone.has(entry));
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
