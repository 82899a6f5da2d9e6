import type { RouteContext } from "../../http/api.ts";
import { ok, type Reply } from "../../http/reply.ts";
import { CursorError } from "../../storage/page.ts";
import { messagingErrors } from "../errors.ts";
import { EVENT_STATES, type EventStore, type StoredEvent } from "../records/event-store.ts";
import { count, date, destinationFilter, values } from "./filters.ts";
import { LOG_PARAMETERS, refuseUnknownParameters } from "./query-parameters.ts";

/** Documented: default and most per page. */
const PAGE = 1000;

/**
 * `GET /v2/logs` (the document: `{cursor, logs}`) and `GET /v2/events` (what the SDK's
 * `client.logs()` calls: `{cursor, events}`): newest first unless `order=earliestFirst`,
 * filtered, a page from the cursor on.
 */
export function eventHandlers(log: EventStore) {
  const page = (context: RouteContext, key: "logs" | "events"): Reply => {
    refuseUnknownParameters(context.query, LOG_PARAMETERS);
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
      if (error instanceof CursorError) throw messagingErrors.invalidCursor(error.cursor);
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

/**
 * The document's `Log`, with the SDK's `labels` (all of them; `label` is the first, as the SDK's
 * type says); the flow-control key and the caller's address are kept for filters only.
 */
function eventView(event: StoredEvent): Record<string, unknown> {
  const { labels, flowControlKey: _key, callerIp: _ip, ...rest } = event;
  return { ...rest, ...(labels === undefined ? {} : { label: labels[0], labels }) };
}

/** `messageIds` alone, or the filters: each multi-valued, combined with AND. */
function eventFilter(query: URLSearchParams): (event: StoredEvent) => boolean {
  const ids = [...values(query, "messageIds"), ...values(query, "messageId")];
  const states = wantedStates(values(query, "state"));
  const fields = {
    url: values(query, "url"),
    topicName: values(query, "topicName"),
    queueName: values(query, "queueName"),
    scheduleId: values(query, "scheduleId"),
    flowControlKey: values(query, "flowControlKey"),
    callerIp: [...values(query, "callerIp"), ...values(query, "callerIP")],
  } as const;
  const labels = values(query, "label");
  const destination = destinationFilter(values(query, "host"), values(query, "path"));
  const from = date(query, "fromDate") ?? 0;
  const to = date(query, "toDate") ?? Number.MAX_SAFE_INTEGER;
  return (event) =>
    (ids.length === 0 || ids.includes(event.messageId)) &&
    (states === undefined || states.has(event.state)) &&
    Object.entries(fields).every(
      ([name, wanted]) =>
        wanted.length === 0 || wanted.includes(String(event[name as keyof typeof fields] ?? "")),
    ) &&
    (labels.length === 0 || (event.labels ?? []).some((label) => labels.includes(label))) &&
    destination(event.url) &&
    event.time >= from &&
    event.time <= to;
}

/**
 * The states a `state` filter matches. The document's `IN_PROGRESS` is any of `ACTIVE`, `RETRY`
 * and `ERROR`; the SDK's type spells `CANCELLED` as `CANCELED`: both spellings are taken.
 */
function wantedStates(given: string[]): Set<string> | undefined {
  if (given.length === 0) return undefined;
  const aliases: Record<string, readonly string[]> = {
    IN_PROGRESS: ["ACTIVE", "RETRY", "ERROR"],
    CANCELED: ["CANCELLED"],
    // The document lists it; the emulator cancels at once, so no event has it.
    CANCEL_REQUESTED: [],
  };
  const wanted = new Set<string>();
  for (const state of given) {
    const matches =
      aliases[state] ?? ((EVENT_STATES as readonly string[]).includes(state) ? [state] : undefined);
    if (matches === undefined) {
      const known = [...EVENT_STATES, ...Object.keys(aliases)].join(", ");
      throw messagingErrors.invalidParameter("state", `must be one of ${known}, got "${state.slice(0, 40)}"`);
    }
    for (const match of matches) wanted.add(match);
  }
  return wanted;
}
