import type { RouteContext } from "../../http/api.ts";
import { HttpError, ok } from "../../http/reply.ts";
import type { EventLog } from "../events/event-log.ts";
import { count, messageFilter, values } from "../filters.ts";
import type { MessageBook } from "./message-book.ts";
import { messageView } from "./views.ts";

/** `GET/DELETE /v2/messages/{id}` and bulk cancel `DELETE /v2/messages`. */
export function messageHandlers(book: MessageBook, events: EventLog) {
  const id = (context: RouteContext) => context.params["id"] ?? "";
  return {
    get(context: RouteContext) {
      const message = book.find(id(context));
      if (!message) throw new HttpError(404, `message "${id(context)}" not found`);
      return ok(messageView(message));
    },
    cancel(context: RouteContext) {
      const message = book.find(id(context));
      if (!message) throw new HttpError(404, `message "${id(context)}" not found`);
      book.remove(message.id);
      events.record(message, "CANCELLED");
      return ok({ cancelled: 1 });
    },
    cancelMany(context: RouteContext) {
      const ids = values(context.query, "messageIds");
      const filter = messageFilter(context.query);
      const limit = count(context.query, Number.POSITIVE_INFINITY, 500);
      // Documented: given message ids, the other filters are ignored; given nothing, all go.
      const chosen = [...book.all()]
        .filter((message) => (ids.length > 0 ? ids.includes(message.id) : filter.matches(message)))
        .slice(0, limit);
      for (const message of chosen) {
        book.remove(message.id);
        events.record(message, "CANCELLED");
      }
      return ok({ cancelled: chosen.length });
    },
  };
}
