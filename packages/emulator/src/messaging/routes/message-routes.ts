import type { RouteContext } from "../../http/api.ts";
import { ok } from "../../http/reply.ts";
import type { EventLog } from "../engine/event-log.ts";
import { messagingErrors } from "../errors.ts";
import type { StoredMessage } from "../records/message-record.ts";
import type { MessageStore } from "../records/queue-store.ts";
import { count, messageFilter, values } from "./filters.ts";
import { messageView } from "./message-views.ts";
import { CANCEL_PARAMETERS, refuseUnknownParameters } from "./query-parameters.ts";

/** `GET/DELETE /v2/messages/{id}` and bulk cancel `DELETE /v2/messages`. */
export function messageHandlers(messages: MessageStore, events: EventLog) {
  const id = (context: RouteContext) => context.params["id"] ?? "";
  return {
    get(context: RouteContext) {
      const message = messages.get(id(context));
      if (!message) throw messagingErrors.notFound("message", id(context));
      return ok(messageView(message));
    },
    cancel(context: RouteContext) {
      const message = messages.get(id(context));
      if (!message) throw messagingErrors.notFound("message", id(context));
      messages.remove(message.id);
      events.record(message, "CANCELLED");
      return ok({ cancelled: 1 });
    },
    cancelMany(context: RouteContext) {
      refuseUnknownParameters(context.query, CANCEL_PARAMETERS);
      const ids = values(context.query, "messageIds");
      const filter = messageFilter(context.query);
      const limit = count(context.query, Number.POSITIVE_INFINITY, 500);
      // Documented: given message ids, the other filters are ignored; given nothing, all go.
      const chosen: StoredMessage[] = [];
      for (const message of ids.length > 0 ? byIds(messages, ids) : messages.all()) {
        if (chosen.length === limit) break;
        if (ids.length > 0 || filter.matches(message)) chosen.push(message);
      }
      for (const message of chosen) {
        messages.remove(message.id);
        events.record(message, "CANCELLED");
      }
      return ok({ cancelled: chosen.length });
    },
  };
}

/** The waiting messages among `ids`, found one by one. */
function* byIds(messages: MessageStore, ids: readonly string[]): Generator<StoredMessage> {
  for (const id of new Set(ids)) {
    const message = messages.get(id);
    if (message) yield message;
  }
}
