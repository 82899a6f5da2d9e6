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
 * events, oldest first (the log so far, then as they come); `cleared` when the log was emptied.
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
  let sent = 0;
  let lastWrite = Date.now();
  const send = (text: string) => {
    res.write(text);
    lastWrite = Date.now();
  };
  const tick = () => {
    if (requests.length < sent) {
      sent = 0;
      send("event: cleared\ndata: {}\n\n");
    }
    while (sent < requests.length && (requests[sent] as RequestLogEntry).status !== 0) {
      send(`event: request\ndata: ${JSON.stringify(logRow(requests[sent] as RequestLogEntry))}\n\n`);
      sent++;
    }
    if (Date.now() - lastWrite > HEARTBEAT_MS) send(": still here\n\n");
  };
  tick();
  const timer = setInterval(tick, POLL_MS);
  const end = () => clearInterval(timer);
  req.once("close", end);
  res.once("close", end);
}
