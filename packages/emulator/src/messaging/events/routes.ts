import type { RouteContext } from "../../http/api.ts";
import { HttpError, ok, type Reply } from "../../http/reply.ts";
import { CursorError } from "../../storage/page.ts";
import { count, values } from "../filters.ts";
import type { EventStore, StoredEvent } from "./store.ts";

/** Documented: default and most per page. */
const PAGE = 1000;

/**
 * `GET /v2/logs` (the document: `{cursor, logs}`) and `GET /v2/events` (what the SDK's
 * `client.logs()` calls: `{cursor, events}`): newest first unless `order=earliestFirst`,
 * filtered, a page from the cursor on.
 */
export function eventHandlers(log: EventStore) {
  const page = (context: RouteContext, key: "logs" | "events"): Reply => {
    const request = {
      accept: eventFilter(context.query),
      cursor: context.query.get("cursor") ?? undefined,
      limit: count(context.query, PAGE, PAGE),
      oldestFirst: context.query.get("order") === "earliestFirst",
    };
    let found: ReturnType<EventStore["page"]>;
    try {
      found = log.page(request);
    } catch (error) {
      if (error instanceof CursorError) throw new HttpError(400, error.message);
      throw error;
    }
    return ok({
      [key]: found.events.map(eventView),
      ...(found.next === undefined ? {} : { cursor: found.next }),
    });
  };
  return {
    logs: (context: RouteContext) => page(context, "logs"),
    events: (context: RouteContext) => page(context, "events"),
  };
}

/** The document's `Log`: labels joined as `label`; the flow-control key is not one of its fields. */
function eventView(event: StoredEvent): Record<string, unknown> {
  const { labels, flowControlKey: _, ...rest } = event;
  return { ...rest, ...(labels === undefined ? {} : { label: labels.join(",") }) };
}

/** `messageIds` alone, or the filters: each multi-valued, combined with AND. */
function eventFilter(query: URLSearchParams): (event: StoredEvent) => boolean {
  const ids = [...values(query, "messageIds"), ...values(query, "messageId")];
  const fields = {
    state: values(query, "state"),
    url: values(query, "url"),
    topicName: values(query, "topicName"),
    queueName: values(query, "queueName"),
    scheduleId: values(query, "scheduleId"),
    flowControlKey: values(query, "flowControlKey"),
  } as const;
  const labels = values(query, "label");
  const from = Number(query.get("fromDate") || 0);
  const to = Number(query.get("toDate") || Number.MAX_SAFE_INTEGER);
  return (event) =>
    (ids.length === 0 || ids.includes(event.messageId)) &&
    Object.entries(fields).every(
      ([name, wanted]) =>
        wanted.length === 0 || wanted.includes(String(event[name as keyof typeof fields] ?? "")),
    ) &&
    (labels.length === 0 || (event.labels ?? []).some((label) => labels.includes(label))) &&
    event.time >= from &&
    event.time <= to;
}
