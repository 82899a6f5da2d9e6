import { z } from "zod";

/** Retries of a message that sets no `Upstash-Retries` (documented). */
export const DEFAULT_RETRIES = 3;

// Loose objects: a snapshot written by a newer emulator with extra fields still loads, and keeps them.

/** Limits sent with `Upstash-Flow-Control-Value`; absent fields mean "no limit". */
export const flowControlLimits = z.looseObject({
  parallelism: z.int().min(1).optional(),
  rate: z.int().min(1).optional(),
  /** Length of the rate period in seconds (default 1). */
  period: z.int().min(1).optional(),
});

/**
 * What `Upstash-Redact-Fields` names: the body, every header (`true`) or some headers (lower-case
 * names). The values are delivered as given and shown as `REDACTED:<SHA-256>` by the API.
 */
export const redactFields = z.looseObject({
  body: z.boolean().optional(),
  headers: z.union([z.literal(true), z.array(z.string())]).optional(),
});

/** Fields a message and a schedule share: where it goes and how it is delivered. */
export const deliverySettings = {
  /** Full destination URL, query string included. */
  destination: z.string(),
  method: z.string(),
  /** Headers sent to the destination (forwarded ones with their prefix stripped, and Content-Type). */
  headers: z.record(z.string(), z.string()),
  /** Base64, so that any payload survives JSON. */
  body: z.string(),
  /** Per-attempt timeout in ms, from `Upstash-Timeout`. */
  timeoutMs: z.number().optional(),
  retryDelayExpression: z.string().optional(),
  queueName: z.string().optional(),
  labels: z.array(z.string()).optional(),
  flowControlKey: z.string().optional(),
  flowControl: flowControlLimits.optional(),
  callerIp: z.string().optional(),
  redact: redactFields.optional(),
};

export const followUp = z.object({ url: z.string(), headers: z.record(z.string(), z.string()) });

/** A message not yet delivered: in a queue, or published on its own. */
export const storedMessage = z.looseObject({
  id: z.string(),
  ...deliverySettings,
  createdAt: z.number(),
  /** Not delivered before this time (emulator clock, ms); 0 for "at once". */
  notBefore: z.number(),
  maxRetries: z.int().min(0),
  /** How many times delivery has been retried so far. */
  retried: z.int().min(0),
  /** When the next retry is due (emulator clock, ms); 0 before the first failure. */
  nextAttemptAt: z.number(),
  /** What the destination said to the last failed attempt (for the inspector). */
  lastAnswer: z
    .looseObject({
      status: z.number().optional(),
      /** The start of the answer's text. */
      body: z.string().optional(),
      /** Why there was no answer (a network error's code, a timeout). */
      error: z.string().optional(),
      at: z.number(),
    })
    .optional(),
  scheduleId: z.string().optional(),
  /** The URL group it was published to, and the endpoint's name there. */
  topicName: z.string().optional(),
  endpointName: z.string().optional(),
  callback: followUp.optional(),
  failureCallback: followUp.optional(),
  /** Set on the messages of a workflow run (its steps, trigger, callbacks). */
  workflow: z.looseObject({ runId: z.string(), callType: z.string() }).optional(),
});

export type RedactFields = z.infer<typeof redactFields>;
export type FlowControlLimits = z.infer<typeof flowControlLimits>;
export type StoredMessage = z.infer<typeof storedMessage>;
export type StoredFollowUp = z.infer<typeof followUp>;

/** When a message may next be sent: its not-before time, or its next retry's. */
export function dueAt(message: Pick<StoredMessage, "notBefore" | "nextAttemptAt">): number {
  return Math.max(message.notBefore, message.nextAttemptAt);
}
