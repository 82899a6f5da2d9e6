import type { StoredDlqMessage } from "../records/dlq-store.ts";
import type { NewMessage } from "./message-book.ts";
import type { MessageHeaders } from "./message-headers.ts";

/**
 * The new message a DLQ entry is published again as: its destination, body, headers and
 * settings; a retry's own `Upstash-*` headers (`overrides`) win, and `body` (an edited payload
 * from the inspector) replaces its body when given.
 */
export function retriedMessage(
  entry: StoredDlqMessage,
  overrides: MessageHeaders,
  body?: Buffer,
): NewMessage {
  const { message } = entry;
  const timeoutMs = overrides.timeoutMs ?? message.timeoutMs;
  const labels = overrides.labels ?? message.labels;
  const retryDelayExpression = overrides.retryDelayExpression ?? message.retryDelayExpression;
  return {
    destination: message.destination,
    body: body ?? Buffer.from(message.body, "base64"),
    settings: {
      forwarded: message.headers,
      contentBasedDeduplication: false,
      method: overrides.method ?? message.method,
      retries: overrides.retries ?? message.maxRetries,
      ...(overrides.notBefore === undefined ? {} : { notBefore: overrides.notBefore }),
      ...(overrides.delayMs === undefined ? {} : { delayMs: overrides.delayMs }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(labels === undefined ? {} : { labels }),
      ...(retryDelayExpression === undefined ? {} : { retryDelayExpression }),
      ...(message.flowControlKey === undefined
        ? {}
        : { flowControlKey: message.flowControlKey, flowControl: message.flowControl ?? {} }),
      // Documented: a retried entry delivers the original values and stays redacted.
      ...(message.redact === undefined ? {} : { redact: message.redact }),
    },
    ...(message.queueName === undefined ? {} : { queueName: message.queueName }),
    ...(message.scheduleId === undefined ? {} : { scheduleId: message.scheduleId }),
    ...(message.callerIp === undefined ? {} : { callerIp: message.callerIp }),
  };
}
