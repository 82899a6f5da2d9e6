import { headerMap } from "../engine/header-maps.ts";
import { shownBody, shownHeaders } from "../engine/redaction.ts";
import type { StoredDlqMessage } from "../records/dlq-store.ts";
import type { StoredMessage } from "../records/message-record.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The document's `label` and the SDK's `labels`: a message published with `Upstash-Label: a,b`
 * has the labels `["a", "b"]`, and `label` is the first, as the SDKs' types say.
 */
export function labelFields(labels: readonly string[] | undefined): Record<string, unknown> {
  return labels === undefined || labels.length === 0 ? {} : { label: labels[0], labels: [...labels] };
}

/** The documented pair: `body` when the bytes are UTF-8, `bodyBase64` otherwise. */
export function bodyFields(base64: string, names = { text: "body", base64: "bodyBase64" }) {
  const bytes = Buffer.from(base64, "base64");
  try {
    return { [names.text]: utf8.decode(bytes) };
  } catch {
    return { [names.base64]: base64 };
  }
}

/** The `Message` schema of the messages API. */
export function messageView(message: StoredMessage): Record<string, unknown> {
  const flow = message.flowControl ?? {};
  return {
    messageId: message.id,
    url: message.destination,
    method: message.method,
    header: headerMap(shownHeaders(message.headers, message.redact)),
    ...bodyFields(shownBody(message.body, message.redact)),
    maxRetries: message.maxRetries,
    ...(message.notBefore > 0 ? { notBefore: message.notBefore } : {}),
    createdAt: message.createdAt,
    ...(message.queueName === undefined ? {} : { queueName: message.queueName }),
    ...(message.scheduleId === undefined ? {} : { scheduleId: message.scheduleId }),
    ...(message.topicName === undefined ? {} : { topicName: message.topicName }),
    ...(message.endpointName === undefined ? {} : { endpointName: message.endpointName }),
    ...(message.callerIp === undefined ? {} : { callerIP: message.callerIp }),
    ...labelFields(message.labels),
    ...(message.retryDelayExpression === undefined
      ? {}
      : { retryDelayExpression: message.retryDelayExpression }),
    ...(message.flowControlKey === undefined ? {} : { flowControlKey: message.flowControlKey }),
    ...(message.callback === undefined ? {} : { callback: message.callback.url }),
    ...(message.failureCallback === undefined ? {} : { failureCallback: message.failureCallback.url }),
    ...(flow.parallelism === undefined ? {} : { parallelism: flow.parallelism }),
    ...(flow.rate === undefined ? {} : { rate: flow.rate }),
    ...(flow.period === undefined ? {} : { period: flow.period }),
  };
}

/** The `DLQMessage` schema, plus `dlqId`, which the official SDK reads to delete and retry. */
export function dlqView(entry: StoredDlqMessage): Record<string, unknown> {
  return {
    ...messageView(entry.message),
    dlqId: entry.dlqId,
    ...(entry.responseStatus === undefined ? {} : { responseStatus: entry.responseStatus }),
    ...(entry.responseHeader === undefined ? {} : { responseHeader: entry.responseHeader }),
    ...(entry.responseBody === undefined
      ? {}
      : bodyFields(entry.responseBody, { text: "responseBody", base64: "responseBodyBase64" })),
  };
}
