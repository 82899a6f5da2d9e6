import { HttpError, ok, type Reply } from "../http/reply.ts";
import type { ApiRoute, RouteContext } from "../routes.ts";
import type { Store } from "../state/store.ts";
import { count, messageFilter, values } from "./filters.ts";
import { type HeaderBag, readMessageHeaders } from "./message-headers.ts";
import type { Publish, PublishAnswer } from "./publisher.ts";
import type { StoredDlqMessage } from "./records.ts";
import { dlqView } from "./views.ts";

const PAGE = 100;

/** The dead letter queue: list, get, delete and retry, one by one or in bulk. */
export function dlqRoutes(store: Store, publish: Publish) {
  const dlq = () => store.state.dlq;
  const existing = (context: RouteContext): StoredDlqMessage => {
    const dlqId = context.params["id"] ?? "";
    const entry = dlq().find((candidate) => candidate.dlqId === dlqId);
    if (!entry) throw new HttpError(404, `DLQ message "${dlqId}" not found`);
    return entry;
  };

  /**
   * The entries a bulk request names, one page from the cursor (an offset) on. When the
   * request removes what it selects, the next page starts where this one started.
   */
  const selection = (context: RouteContext, removes: boolean) => {
    const ids = values(context.query, "dlqIds");
    const filter = messageFilter(context.query);
    const matching = dlq().filter((entry) =>
      ids.length > 0
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
  };

  const remove = (entries: StoredDlqMessage[]) => {
    const gone = new Set(entries);
    store.state.dlq = dlq().filter((entry) => !gone.has(entry));
  };

  /** A new message with the same body and headers; request headers override its settings. */
  const retryOne = (entry: StoredDlqMessage, context: RouteContext): PublishAnswer => {
    const overrides = readMessageHeaders(context.req.headers as HeaderBag);
    const { message } = entry;
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
        ...((overrides.timeoutMs ?? message.timeoutMs) === undefined
          ? {}
          : { timeoutMs: overrides.timeoutMs ?? message.timeoutMs }),
        ...((overrides.labels ?? message.labels) === undefined
          ? {}
          : { labels: overrides.labels ?? message.labels }),
        ...((overrides.retryDelayExpression ?? message.retryDelayExpression) === undefined
          ? {}
          : { retryDelayExpression: overrides.retryDelayExpression ?? message.retryDelayExpression }),
        ...(message.flowControlKey === undefined
          ? {}
          : { flowControlKey: message.flowControlKey, flowControl: message.flowControl ?? {} }),
      },
      ...(message.queueName === undefined ? {} : { queueName: message.queueName }),
      ...(message.scheduleId === undefined ? {} : { scheduleId: message.scheduleId }),
      ...(message.callerIp === undefined ? {} : { callerIp: message.callerIp }),
    });
  };

  const list: ApiRoute = {
    api: "messaging",
    handle(context) {
      const { entries, cursor } = selection(context, false);
      return ok({ messages: entries.map(dlqView), ...cursor });
    },
  };

  const get: ApiRoute = { api: "messaging", handle: (context) => ok(dlqView(existing(context))) };

  const removeOne: ApiRoute = {
    api: "messaging",
    handle(context) {
      remove([existing(context)]);
      store.commit();
      return ok();
    },
  };

  const removeMany: ApiRoute = {
    api: "messaging",
    handle(context) {
      const { entries, cursor } = selection(context, true);
      remove(entries);
      store.commit();
      return ok({ deleted: entries.length, ...cursor });
    },
  };

  const retry: ApiRoute = {
    api: "messaging",
    handle(context): Reply {
      const entry = existing(context);
      const answer = retryOne(entry, context);
      remove([entry]);
      store.commit();
      return { status: 201, json: answer };
    },
  };

  const retryMany: ApiRoute = {
    api: "messaging",
    handle(context): Reply {
      const { entries, cursor } = selection(context, true);
      const responses = entries.map((entry) => retryOne(entry, context));
      remove(entries);
      store.commit();
      return { status: 201, json: { responses, ...cursor } };
    },
  };

  return { list, get, removeOne, removeMany, retry, retryMany };
}
