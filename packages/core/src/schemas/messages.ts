import * as z from "./zod.ts";

// What stashkit reads of the messaging API's dead letter queue and logs: the fields it shows and
// filters by are checked; the rest of each entry is passed through. A field of another type than
// documented reads as absent rather than failing the listing.

const optionalString = () => z.catch(z.optional(z.string()), undefined);
const optionalNumber = () => z.catch(z.optional(z.number()), undefined);

const optionalStrings = () => z.catch(z.optional(z.array(z.string())), undefined);

/**
 * The fields of the document's `Message` that a replay sends again: where it went, how, with
 * what headers and body, retries, callbacks, labels and flow control.
 */
const messageFields = {
  messageId: z.string(),
  url: z.string(),
  method: optionalString(),
  /** The headers the destination received (forwarded ones without their prefix), by name. */
  header: z.catch(z.optional(z.record(z.string(), z.array(z.string()))), undefined),
  /** The body when it is UTF-8, else `bodyBase64`. */
  body: optionalString(),
  bodyBase64: optionalString(),
  maxRetries: optionalNumber(),
  retryDelayExpression: optionalString(),
  callback: optionalString(),
  failureCallback: optionalString(),
  queueName: optionalString(),
  label: optionalString(),
  // The document's `label` is deprecated in favour of `labels`; a label filter matches either.
  labels: optionalStrings(),
  flowControlKey: optionalString(),
  parallelism: optionalNumber(),
  rate: optionalNumber(),
  period: optionalNumber(),
  createdAt: optionalNumber(),
  /** Not delivered before this time (ms): its delay, or when it is due again. */
  notBefore: optionalNumber(),
};

/**
 * A message waiting for delivery or between retries (`GET /v2/messages/{id}`): what a replay sends
 * again and what `doctor` reads of its delay, queue and flow-control key.
 */
export const messageSchema = z.looseObject({ ...messageFields, messageId: z.string().check(z.minLength(1)) });
export type Message = z.output<typeof messageSchema>;

/**
 * A message in the DLQ (`DLQMessage`, with the `dlqId` that retry and delete name); an entry of a
 * Workflow run names the run.
 */
export const dlqMessageSchema = z.looseObject({
  ...messageFields,
  dlqId: z.string().check(z.minLength(1)),
  responseStatus: optionalNumber(),
  workflowRunId: optionalString(),
});
export type DlqMessage = z.output<typeof dlqMessageSchema>;

export const dlqPageSchema = z.object({
  messages: z.array(dlqMessageSchema),
  cursor: z.catch(z.optional(z.string()), undefined),
});

/** The answer of a bulk retry or delete: only that it is an object is checked. */
export const bulkAnswerSchema = z.looseObject({});

/** One event of a message's life (`GET /v2/logs`): newest first. */
export const messageEventSchema = z.looseObject({
  time: z.number(),
  state: z.string(),
  messageId: z.string().check(z.minLength(1)),
  url: optionalString(),
  queueName: optionalString(),
  label: optionalString(),
  /** On a `RETRY` event: when the next attempt is due (ms). */
  nextDeliveryTime: optionalNumber(),
  /** On an `ERROR` event: what the attempt got (the answer's status and text, or why none). */
  error: optionalString(),
  responseStatus: optionalNumber(),
});
export type MessageEvent = z.output<typeof messageEventSchema>;

export const messageEventPageSchema = z.object({
  logs: z.array(messageEventSchema),
  cursor: z.catch(z.optional(z.string()), undefined),
});
