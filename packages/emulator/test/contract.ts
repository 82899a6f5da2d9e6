/**
 * The project's own copies of the messaging API's answer schemas, written from the public
 * OpenAPI document (QStash REST API 2.0.0: `components/schemas` and the 200/201 answers of
 * `/v2/publish`, `/v2/batch`, `/v2/messages`, `/v2/dlq`, `/v2/schedules`, `/v2/flowControl`,
 * `/v2/keys`). Strict: a field the document does not name fails the check, except the few
 * marked "SDK", which the official SDK's types read and the emulator therefore sends.
 */
import { z } from "zod";

const headerMap = z.record(z.string(), z.array(z.string()));
const millis = z.int().min(1_600_000_000_000);

export const errorSchema = z.strictObject({ error: z.string().min(1) });

export const publishResponseSchema = z.strictObject({
  messageId: z.string().min(1),
  deduplicated: z.boolean().optional(),
  /** SDK: `PublishToUrlResponse.url`. */
  url: z.string().optional(),
});

export const batchResponseSchema = z.array(publishResponseSchema);

const messageFields = {
  messageId: z.string().min(1),
  url: z.string(),
  topicName: z.string().optional(),
  endpointName: z.string().optional(),
  method: z.string().optional(),
  header: headerMap.optional(),
  body: z.string().optional(),
  bodyBase64: z.string().optional(),
  maxRetries: z.int().optional(),
  notBefore: z.int().optional(),
  createdAt: millis.optional(),
  callback: z.string().optional(),
  failureCallback: z.string().optional(),
  queueName: z.string().optional(),
  scheduleId: z.string().optional(),
  callerIP: z.string().optional(),
  label: z.string().optional(),
  labels: z.array(z.string()).optional(),
  /** SDK: `Message.retryDelayExpression`, when the message had an `Upstash-Retry-Delay`. */
  retryDelayExpression: z.string().optional(),
  flowControlKey: z.string().optional(),
  rate: z.int().optional(),
  period: z.int().optional(),
  parallelism: z.int().optional(),
};

export const messageSchema = z.strictObject(messageFields);

export const dlqMessageSchema = z.strictObject({
  ...messageFields,
  responseStatus: z.int().optional(),
  responseHeader: headerMap.optional(),
  responseBody: z.string().optional(),
  responseBodyBase64: z.string().optional(),
  /** SDK: `DlqMessage.dlqId`, which its delete and retry take. */
  dlqId: z.string().min(1),
});

export const dlqListSchema = z.strictObject({
  cursor: z.string().optional(),
  messages: z.array(dlqMessageSchema),
});

export const dlqDeleteManySchema = z.strictObject({ cursor: z.string().optional(), deleted: z.int().min(0) });

export const dlqRetryManySchema = z.strictObject({
  cursor: z.string().optional(),
  responses: z.array(publishResponseSchema),
});

export const cancelledSchema = z.strictObject({ cancelled: z.int().min(0) });

export const scheduleCreatedSchema = z.strictObject({ scheduleId: z.string().min(1) });

export const scheduleSchema = z.strictObject({
  scheduleId: z.string().min(1),
  cron: z.string().min(1),
  destination: z.string().min(1),
  createdAt: millis,
  method: z.string(),
  isPaused: z.boolean(),
  header: headerMap.optional(),
  body: z.string().optional(),
  /** SDK: `Schedule.bodyBase64`. */
  bodyBase64: z.string().optional(),
  retries: z.int().optional(),
  delay: z.int().optional(),
  callback: z.string().optional(),
  failureCallback: z.string().optional(),
  callerIp: z.string().optional(),
  /** SDK: `Schedule.queueName`. */
  queueName: z.string().optional(),
  flowControlKey: z.string().optional(),
  parallelism: z.int().optional(),
  rate: z.int().optional(),
  period: z.int().optional(),
  retryDelayExpression: z.string().optional(),
  label: z.string().optional(),
  labels: z.array(z.string()).optional(),
  lastScheduleTime: millis.optional(),
  nextScheduleTime: millis.optional(),
  lastScheduleStates: z.record(z.string(), z.string()).optional(),
});

export const flowControlKeySchema = z.strictObject({
  flowControlKey: z.string().min(1),
  waitListSize: z.int().min(0),
  parallelismMax: z.int().min(0),
  parallelismCount: z.int().min(0),
  rateMax: z.int().min(0),
  rateCount: z.int().min(0),
  ratePeriod: z.int().min(0),
  ratePeriodStart: z.int().min(0),
  isPinnedParallelism: z.boolean(),
  isPinnedRate: z.boolean(),
  isPaused: z.boolean(),
});

export const signingKeysSchema = z.strictObject({ current: z.string().min(1), next: z.string().min(1) });

export const queueSchema = z.strictObject({
  name: z.string(),
  createdAt: millis,
  updatedAt: millis,
  parallelism: z.int().min(1),
  paused: z.boolean(),
  lag: z.int().min(0),
});

/** `URLGroup` (`GET /v2/topics`, `GET /v2/topics/{urlGroupName}`). */
export const urlGroupSchema = z.strictObject({
  name: z.string().min(1),
  createdAt: millis,
  updatedAt: millis,
  endpoints: z.array(z.strictObject({ name: z.string().optional(), url: z.string().min(1) })),
});

/** One entry of `GET /v2/logs`; its `state` takes the document's values. */
export const logSchema = z.strictObject({
  time: millis,
  messageId: z.string().min(1),
  header: z.record(z.string(), z.unknown()).optional(),
  body: z.string().optional(),
  state: z.enum([
    "CREATED",
    "ACTIVE",
    "RETRY",
    "ERROR",
    "IN_PROGRESS",
    "DELIVERED",
    "FAILED",
    "CANCEL_REQUESTED",
    "CANCELLED",
  ]),
  error: z.string().optional(),
  nextDeliveryTime: z.int().optional(),
  url: z.string(),
  topicName: z.string().optional(),
  endpointName: z.string().optional(),
  scheduleId: z.string().optional(),
  queueName: z.string().optional(),
  responseStatus: z.int().optional(),
  responseBody: z.string().optional(),
  responseHeaders: z.record(z.string(), z.unknown()).optional(),
  timeout: z.int().optional(),
  method: z.string().optional(),
  callback: z.string().optional(),
  callbackHeaders: z.record(z.string(), z.unknown()).optional(),
  failureCallback: z.string().optional(),
  failureCallbackHeaders: z.record(z.string(), z.unknown()).optional(),
  maxRetries: z.int().optional(),
  retryDelayExpression: z.string().optional(),
  label: z.string().optional(),
  /** SDK: `Log.labels`, every label (`label` is the first). */
  labels: z.array(z.string()).optional(),
});

export const logsListSchema = z.strictObject({ cursor: z.string().optional(), logs: z.array(logSchema) });
