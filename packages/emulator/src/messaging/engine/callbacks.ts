import { HttpError } from "../../http/errors.ts";
import type { StoredFollowUp, StoredMessage } from "../records/message-record.ts";
import type { Attempt } from "./delivery/attempt.ts";
import { canonicalHeaderName, headerMap } from "./header-maps.ts";
import { type HeaderBag, readMessageHeaders } from "./message-headers.ts";
import type { Publish } from "./publisher.ts";

/**
 * The documented callback body: the destination's answer (`status`, `header`, base64 `body`)
 * and the source message (`sourceMessageId`, `url`, `method`, `sourceHeader`, base64
 * `sourceBody`, ...). `extra` adds what a workflow's failure callback carries.
 */
export function callbackBody(
  message: StoredMessage,
  attempt: Attempt,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const { outcome } = attempt;
  return {
    status: outcome.status ?? 0,
    // As the service writes them (`Content-Length`): what the SDKs read back.
    header: canonicalHeaders(outcome.headers ?? {}),
    body: (outcome.body ?? Buffer.alloc(0)).toString("base64"),
    retried: attempt.retried,
    maxRetries: message.maxRetries,
    sourceMessageId: message.id,
    url: message.destination,
    method: message.method,
    sourceHeader: headerMap(message.headers),
    sourceBody: message.body,
    notBefore: message.notBefore,
    createdAt: message.createdAt,
    ...(message.scheduleId === undefined ? {} : { scheduleId: message.scheduleId }),
    ...(message.callerIp === undefined ? {} : { callerIP: message.callerIp }),
    ...extra,
  };
}

function canonicalHeaders(headers: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [canonicalHeaderName(name), value]),
  );
}

/**
 * Publishes a callback message. It is not the caller's request: a callback whose own settings
 * are invalid, or whose workflow run has ended, is dropped rather than failing the delivery.
 */
export function publishFollowUp(publish: Publish, followUp: StoredFollowUp, body: unknown): void {
  try {
    const settings = readMessageHeaders(followUp.headers as HeaderBag);
    settings.forwarded["content-type"] = "application/json";
    publish({ destination: followUp.url, body: Buffer.from(JSON.stringify(body)), settings });
  } catch (error) {
    // Dropped, as described above; anything else is a bug and surfaces.
    if (!(error instanceof HttpError)) throw error;
  }
}
