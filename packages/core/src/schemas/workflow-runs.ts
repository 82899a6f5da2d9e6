import * as z from "./zod.ts";

// What stashkit reads of Upstash Workflow's run logs (`GET /v2/workflows/events`, grouped by run,
// as the official SDK's `client.logs()` asks) and of a run's history (`GET /v2/workflows/runs/{id}`,
// what the SDK fetches when a delivery's body is left out). The fields a check reads are typed;
// the rest passes through; a field of another type reads as absent rather than failing the read.

const optionalString = () => z.catch(z.optional(z.string()), undefined);
const optionalNumber = () => z.catch(z.optional(z.number()), undefined);

/** One entry of a run's history as deliveries carry it: base64 of the payload (first) or of a step's JSON. */
export const rawStepSchema = z.looseObject({
  messageId: z.string(),
  body: z.string(),
  callType: z.string(),
});
export type RawStep = z.output<typeof rawStepSchema>;
export const rawStepsSchema = z.array(rawStepSchema);

/** A failed attempt of a step still to be delivered; `status` 0 when nothing answered. */
const stepErrorSchema = z.looseObject({
  error: z.catch(z.string(), ""),
  body: z.catch(z.string(), ""),
  status: z.catch(z.number(), 0),
  time: optionalNumber(),
});

/** A step of a run's log (`StepLog`), or one of its next group (what is still to happen). */
export const stepLogSchema = z.looseObject({
  messageId: z.catch(z.string(), ""),
  stepId: optionalNumber(),
  stepName: optionalString(),
  stepType: optionalString(),
  callType: optionalString(),
  state: optionalString(),
  /** What a completed step returned, as the app sent it (the JSON of its result). */
  out: z.optional(z.unknown()),
  sleepFor: z.optional(z.unknown()),
  sleepUntil: z.optional(z.unknown()),
  retries: optionalNumber(),
  concurrent: optionalNumber(),
  createdAt: optionalNumber(),
  waitEventId: optionalString(),
  waitTimeoutDeadline: optionalNumber(),
  errors: z.catch(z.optional(z.array(stepErrorSchema)), undefined),
});
export type StepLog = z.output<typeof stepLogSchema>;

const stepGroupSchema = z.looseObject({
  type: z.string(),
  steps: z.catch(z.array(stepLogSchema), []),
});

/** A run's log (`WorkflowRunLog`): its state and its steps grouped as they ran, then the next group. */
export const workflowRunLogSchema = z.looseObject({
  workflowRunId: z.string().check(z.minLength(1)),
  workflowUrl: z.string(),
  workflowState: z.string(),
  workflowRunCreatedAt: optionalNumber(),
  workflowRunCompletedAt: optionalNumber(),
  /** The DLQ entry of the message that failed the run. */
  dlqId: optionalString(),
  labels: z.catch(z.optional(z.array(z.string())), undefined),
  steps: z.catch(z.array(stepGroupSchema), []),
});
export type WorkflowRunLog = z.output<typeof workflowRunLogSchema>;

export const workflowRunLogPageSchema = z.object({
  runs: z.array(workflowRunLogSchema),
  cursor: optionalString(),
});

/** The account's signing keys (`GET /v2/keys`). */
export const signingKeysSchema = z.looseObject({
  current: z.string(),
  next: z.string(),
});
export type SigningKeys = z.output<typeof signingKeysSchema>;

/** What a publish answers: the message's id. */
export const publishedSchema = z.looseObject({ messageId: z.string().check(z.minLength(1)) });
