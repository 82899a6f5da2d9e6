import * as z from "./zod.ts";

// What stashkit reads of the messaging API's dead letter queue and logs: the fields it shows and
// filters by are checked; the rest of each entry is passed through. A field of another type than
// documented reads as absent rather than failing the listing.

const optionalString = () => z.catch(z.optional(z.string()), undefined);
const optionalNumber = () => z.catch(z.optional(z.number()), undefined);

/** A message in the DLQ (`DLQMessage`, with the `dlqId` that retry and delete name). */
export const dlqMessageSchema = z.looseObject({
  dlqId: z.string().check(z.minLength(1)),
  messageId: z.string(),
  url: z.string(),
  queueName: optionalString(),
  label: optionalString(),
  // The document's `label` is deprecated in favour of `labels`; a label filter matches either.
  labels: z.catch(z.optional(z.array(z.string())), undefined),
  createdAt: optionalNumber(),
  responseStatus: optionalNumber(),
  maxRetries: optionalNumber(),
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
