import type { StoredMessage } from "../../records/message-record.ts";
import type { DeliveryGate } from "./delivery-gate.ts";
import type { DestinationFaults } from "./destination-faults.ts";
import type { Outcome } from "./outcome.ts";

/** The user agent the service's deliveries carry. */
export const USER_AGENT = "Upstash-QStash";
/** Kept of a response body (for the DLQ, callbacks, workflows); the rest is never read. */
export const KEPT_RESPONSE_BYTES = 64 * 1024;

/**
 * Headers that describe one connection or one message's framing, not the message: a forwarded
 * `Content-Length` (the SDK's `serve()` forwards every header it received, as
 * `Upstash-Forward-*`) would be wrong for the body sent (a shorter one leaves the request
 * unfinished for ever, a longer one fails it), `Host` would send the request to another site
 * of the same server, and the rest are the connection's own (RFC 9110 section 7.6.1) or make
 * fetch refuse the request. Each delivery's own are computed afresh.
 */
const FRAMING_HEADERS = new Set([
  "content-length",
  "transfer-encoding",
  "host",
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "upgrade",
  "expect",
  "http2-settings",
]);

/** The forwarded headers less the framing and hop-by-hop ones, and those `Connection` names. */
export function withoutFraming(headers: Record<string, string>): Record<string, string> {
  const lower = (name: string) => name.toLowerCase();
  const connection = Object.entries(headers).find(([name]) => lower(name) === "connection")?.[1] ?? "";
  const named = new Set(connection.split(",").map((token) => lower(token.trim())));
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !FRAMING_HEADERS.has(lower(name)) && !named.has(lower(name))),
  );
}

export interface SendOptions {
  body: Buffer;
  /** Added by the service (a workflow run's id and URL). */
  headers: Record<string, string>;
  signature: string;
  abort: AbortSignal;
  timeoutMs: number;
  /** Where deliveries may go and how many may be open at once. */
  gate: DeliveryGate;
  /** Failures scripted for destinations: such a delivery fails without a request. */
  faults: DestinationFaults;
}

/**
 * One HTTP request to a message's destination, with the headers the service adds: its id,
 * how often it was retried, the signature, the schedule it came from, the user agent.
 * Network errors and timeouts reject; any answer resolves.
 */
export async function sendMessage(message: StoredMessage, options: SendOptions): Promise<Outcome> {
  const headers: Record<string, string> = {
    ...withoutFraming(message.headers),
    ...options.headers,
    "user-agent": USER_AGENT,
    "upstash-message-id": message.id,
    "upstash-retried": String(message.retried),
    "upstash-signature": options.signature,
  };
  if (message.scheduleId !== undefined) headers["upstash-schedule-id"] = message.scheduleId;
  const refusal = options.gate.refusal(message.destination);
  // Refused for good: retrying cannot change the answer. The reason is kept as the DLQ's body.
  if (refusal !== undefined) return { ok: false, final: true, body: Buffer.from(refusal) };
  const scripted = options.faults.take(message.destination);
  if (scripted !== undefined) return scripted;
  const leave = await options.gate.enter(message.destination, options.abort);
  try {
    return await request(message, headers, options);
  } finally {
    leave();
  }
}

async function request(
  message: StoredMessage,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<Outcome> {
  // The timeout starts once a slot is free: waiting for one is not the destination's fault.
  const response = await fetch(message.destination, {
    method: message.method,
    headers,
    // fetch refuses a body on GET.
    ...(message.method === "GET" ? {} : { body: options.body }),
    signal: AbortSignal.any([options.abort, AbortSignal.timeout(options.timeoutMs)]),
  });
  const body = await readCapped(response.body, KEPT_RESPONSE_BYTES);
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

/**
 * Reads at most `cap` bytes of an answer, then lets go of the rest: a destination that answers
 * with gigabytes costs the emulator `cap` bytes of memory, not gigabytes.
 */
async function readCapped(stream: ReadableStream<Uint8Array> | null, cap: number): Promise<Buffer> {
  if (stream === null) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < cap) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, cap);
}
