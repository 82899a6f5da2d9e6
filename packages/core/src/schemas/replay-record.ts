import * as z from "./zod.ts";

// A recorded message or Workflow run, as the account kept it: what `stashkit replay` sends into
// an emulator, and one line of what `stashkit dlq export` writes (NDJSON). One shape for both, so
// that a file replays exactly as a message read from the account would.

const headers = z.record(z.string(), z.string());
const names = z.array(z.string());

/** The payload: `body` when it is UTF-8 text, `bodyBase64` otherwise (as the API answers). */
const payload = {
  body: z.optional(z.string()),
  bodyBase64: z.optional(z.string()),
};

export const recordedMessageSchema = z.object({
  kind: z.literal("message"),
  /** Where it was read: a DLQ entry, or a message still on its way. */
  from: z.enum(["dlq", "message"]),
  dlqId: z.optional(z.string()),
  messageId: z.string(),
  url: z.string().check(z.minLength(1)),
  method: z.optional(z.string()),
  /** The headers the destination received (forwarded ones, Content-Type), one value each. */
  headers: z._default(headers, {}),
  /** The names of the recorded headers left out as secrets. */
  withheldHeaders: z.optional(names),
  ...payload,
  retries: z.optional(z.int().check(z.minimum(0))),
  retryDelay: z.optional(z.string()),
  callback: z.optional(z.string()),
  failureCallback: z.optional(z.string()),
  queue: z.optional(z.string()),
  labels: z.optional(names),
  flowControl: z.optional(
    z.object({
      key: z.string().check(z.minLength(1)),
      parallelism: z.optional(z.int().check(z.minimum(1))),
      rate: z.optional(z.int().check(z.minimum(1))),
      period: z.optional(z.int().check(z.minimum(1))),
    }),
  ),
  createdAt: z.optional(z.number()),
  /** What the destination last answered (a DLQ entry). */
  responseStatus: z.optional(z.number()),
});
export type RecordedMessage = z.output<typeof recordedMessageSchema>;

/** The delivery a replayed run makes again: the message that failed (or was still being retried). */
const nextDelivery = z.object({
  messageId: z.string(),
  headers: z._default(headers, {}),
  withheldHeaders: z.optional(names),
  ...payload,
  /** It was the run's first delivery: its body is the trigger's payload. */
  trigger: z._default(z.boolean(), false),
  retries: z.optional(z.int().check(z.minimum(0))),
});
export type NextDelivery = z.output<typeof nextDelivery>;

export const recordedRunSchema = z.object({
  kind: z.literal("run"),
  workflowRunId: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  /** RUN_FAILED, RUN_STARTED (still retrying), RUN_SUCCESS or RUN_CANCELED. */
  state: z.optional(z.string()),
  createdAt: z.optional(z.number()),
  dlqId: z.optional(z.string()),
  labels: z.optional(names),
  /** The trigger's payload: what `context.requestPayload` reads. */
  payload: z._default(z.string(), ""),
  /**
   * The steps it completed before the delivery to make again, oldest first, each as the Workflow
   * SDK wrote it (`stepId`, `stepName`, `stepType`, `out`, `concurrent`…).
   */
  steps: z._default(z.array(z.record(z.string(), z.unknown())), []),
  /** Absent: nothing failed or waits; a replay starts the run from its first step. */
  next: z.optional(nextDelivery),
});
export type RecordedRun = z.output<typeof recordedRunSchema>;

export const replayRecordSchema = z.discriminatedUnion("kind", [recordedMessageSchema, recordedRunSchema]);
export type ReplayRecord = z.output<typeof replayRecordSchema>;

/** The payload's bytes, from whichever of `body` / `bodyBase64` it has. */
export function payloadBytes(value: { body?: string | undefined; bodyBase64?: string | undefined }): Buffer {
  if (value.bodyBase64 !== undefined) return Buffer.from(value.bodyBase64, "base64");
  return Buffer.from(value.body ?? "", "utf8");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** `{body}` for UTF-8 bytes, `{bodyBase64}` for others: the pair the API uses. */
export function payloadFields(bytes: Uint8Array): { body: string } | { bodyBase64: string } {
  try {
    return { body: utf8.decode(bytes) };
  } catch {
    return { bodyBase64: Buffer.from(bytes).toString("base64") };
  }
}
