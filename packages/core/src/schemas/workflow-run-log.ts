import * as z from "./zod.ts";

// What stashkit reads of a Workflow run's log (`GET /v2/workflows/events`, the SDK's
// `client.logs()`): the run, and each step it completed with what the step returned. Loose
// objects: a step's other fields (a call's URL and answer, a wait's event) pass through.

const optionalString = () => z.catch(z.optional(z.string()), undefined);
const optionalNumber = () => z.catch(z.optional(z.number()), undefined);

/** One step of the log: a completed step, or (in the `next` group) a message still on its way. */
export const stepLogSchema = z.looseObject({
  stepId: optionalNumber(),
  stepName: optionalString(),
  stepType: optionalString(),
  callType: optionalString(),
  messageId: optionalString(),
  /** What the step returned, as the app sent it (the JSON of its result). */
  out: z.optional(z.unknown()),
  concurrent: optionalNumber(),
  sleepFor: z.optional(z.unknown()),
  sleepUntil: z.optional(z.unknown()),
  state: optionalString(),
});
export type StepLog = z.output<typeof stepLogSchema>;

/** `sequential` and `parallel` groups hold completed steps; `next` the messages under way. */
const stepGroupSchema = z.looseObject({ type: z.string(), steps: z.array(stepLogSchema) });

export const workflowRunLogSchema = z.looseObject({
  workflowRunId: z.string().check(z.minLength(1)),
  workflowUrl: z.string(),
  /** RUN_STARTED, RUN_SUCCESS, RUN_FAILED or RUN_CANCELED. */
  workflowState: z.string(),
  workflowRunCreatedAt: optionalNumber(),
  /** The DLQ entry of the message that failed the run. */
  dlqId: optionalString(),
  labels: z.catch(z.optional(z.array(z.string())), undefined),
  steps: z.catch(z.array(stepGroupSchema), []),
});
export type WorkflowRunLog = z.output<typeof workflowRunLogSchema>;

export const workflowRunPageSchema = z.object({
  runs: z.array(workflowRunLogSchema),
  cursor: z.catch(z.optional(z.string()), undefined),
});
