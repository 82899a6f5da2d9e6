import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestLogEntry } from "../http/request-log.ts";
import { redactAuthorization, redactUrl } from "./redact.ts";

/** How often the stream looks for new log entries; the page feels live at this pace. */
const POLL_MS = 200;
/** A comment line now and then keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/** One request as the page's live log shows it: secrets as `***`. */
export function logRow(entry: RequestLogEntry) {
  return {
    at: entry.at,
    method: entry.method,
    path: redactUrl(entry.path),
    route: entry.route,
    status: entry.status,
    authorization: redactAuthorization(entry.authorization),
    ...(entry.rateLimited ? { rateLimited: true } : {}),
  };
}

/**
 * Streams the request log as server-sent events: each answered request once, as `request`
 * events, oldest first (the log so far, then as they come); `cleared` when none of what was
 * sent is in the log any more (it was emptied).
 * An entry is sent once its status is known (the pipeline logs a request before answering it).
 */
export function streamRequestLog(
  req: IncomingMessage,
  res: ServerResponse,
  requests: readonly RequestLogEntry[],
): void {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.write("retry: 1000\n\n");
  // Entries are remembered, not counted: the log may drop its oldest entries or be cleared.
  const sent = new WeakSet<RequestLogEntry>();
  let sentAny = false;
  let lastWrite = Date.now();
  const send = (text: string) => {
    res.write(text);
    lastWrite = Date.now();
  };
  const tick = () => {
    let start = requests.length;
    while (start > 0 && !sent.has(requests[start - 1] as RequestLogEntry)) start--;
    if (sentAny && start === 0) {
      // Nothing sent is in the log any more: it was cleared (or outrun); the page starts over.
      sentAny = false;
      send("event: cleared\ndata: {}\n\n");
    }
    for (let at = start; at < requests.length; at++) {
      const entry = requests[at] as RequestLogEntry;
      if (entry.status === 0) break;
      sent.add(entry);
      sentAny = true;
      send(`event: request\ndata: ${JSON.stringify(logRow(entry))}\n\n`);
    }
    if (Date.now() - lastWrite > HEARTBEAT_MS) send(": still here\n\n");
  };
  tick();
  const timer = setInterval(tick, POLL_MS);
  const end = () => clearInterval(timer);
  req.once("close", end);
  res.once("close", end);
}
