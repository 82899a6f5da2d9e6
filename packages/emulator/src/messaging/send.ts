import type { StoredMessage } from "./store.ts";

/** The user agent the service's deliveries carry. */
export const USER_AGENT = "Upstash-QStash";
/** Kept of a failed response body for the DLQ; the rest is dropped. */
const KEPT_RESPONSE_BYTES = 64 * 1024;

/** How one delivery attempt ended. */
export interface Outcome {
  ok: boolean;
  /** The destination answered 489 with `Upstash-NonRetryable-Error: true`: no more retries. */
  final: boolean;
  status?: number;
  headers?: Record<string, string[]>;
  body?: Buffer;
}

export interface SendOptions {
  body: Buffer;
  /** Added by the service (a workflow run's id and URL). */
  headers: Record<string, string>;
  signature: string;
  abort: AbortSignal;
  timeoutMs: number;
}

/**
 * One HTTP request to a message's destination, with the headers the service adds: its id,
 * how often it was retried, the signature, the schedule it came from, the user agent.
 * Network errors and timeouts reject; any answer resolves.
 */
export async function sendMessage(message: StoredMessage, options: SendOptions): Promise<Outcome> {
  const headers: Record<string, string> = {
    ...message.headers,
    ...options.headers,
    "user-agent": USER_AGENT,
    "upstash-message-id": message.id,
    "upstash-retried": String(message.retried),
    "upstash-signature": options.signature,
  };
  if (message.scheduleId !== undefined) headers["upstash-schedule-id"] = message.scheduleId;
  const response = await fetch(message.destination, {
    method: message.method,
    headers,
    // fetch refuses a body on GET.
    ...(message.method === "GET" ? {} : { body: options.body }),
    signal: AbortSignal.any([options.abort, AbortSignal.timeout(options.timeoutMs)]),
  });
  const body = Buffer.from(await response.arrayBuffer()).subarray(0, KEPT_RESPONSE_BYTES);
  const responseHeaders: Record<string, string[]> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = [value];
  });
  return {
    ok: response.ok,
    final: response.status === 489 && response.headers.get("upstash-nonretryable-error") === "true",
    status: response.status,
    headers: responseHeaders,
    body,
  };
}
