import type { DlqMessage, Message } from "../schemas/messages.ts";
import type { NextDelivery, RecordedMessage, RecordedRun } from "../schemas/replay-record.ts";
import type { StepLog, WorkflowRunLog } from "../schemas/workflow-runs.ts";

// How a message, a DLQ entry and a Workflow run's log, as the messaging API answers them, become
// the records replay sends and `dlq export` writes. Pure: the reading is in read-recorded.ts.

/** One value a header: the API answers lists (a header sent twice), HTTP joins them with ", ". */
export function headerValues(header: Record<string, string[]> | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(header ?? {})) headers[name] = values.join(", ");
  return headers;
}

/** The fields whose value is defined: a record leaves out what the answer did not have. */
function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** Retries as a whole number of 0 or more; anything else reads as not recorded. */
function retriesOf(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function payloadOf(view: Message): { body: string } | { bodyBase64: string } {
  return view.bodyBase64 ? { bodyBase64: view.bodyBase64 } : { body: view.body ?? "" };
}

function flowControlOf(view: Message): RecordedMessage["flowControl"] {
  if (!view.flowControlKey) return undefined;
  const whole = (value: number | undefined) =>
    value !== undefined && Number.isInteger(value) && value >= 1 ? value : undefined;
  const limits = { parallelism: whole(view.parallelism), rate: whole(view.rate), period: whole(view.period) };
  return {
    key: view.flowControlKey,
    ...Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
  };
}

/** A message on its way (`from: "message"`) or a DLQ entry (`from: "dlq"`), as a record. */
export function recordMessage(view: Message | DlqMessage, from: "dlq" | "message"): RecordedMessage {
  const entry = from === "dlq" ? (view as DlqMessage) : undefined;
  const labels = view.labels ?? (view.label ? [view.label] : undefined);
  // In reading order: which message, where it went and how, then what it carried.
  return {
    kind: "message",
    from,
    ...defined({ dlqId: entry?.dlqId }),
    messageId: view.messageId,
    url: view.url,
    ...defined({ method: view.method }),
    headers: headerValues(view.header),
    ...payloadOf(view),
    ...(defined({
      retries: retriesOf(view.maxRetries),
      retryDelay: view.retryDelayExpression,
      callback: view.callback || undefined,
      failureCallback: view.failureCallback || undefined,
      queue: view.queueName || undefined,
      labels: labels?.length ? labels : undefined,
      flowControl: flowControlOf(view),
      createdAt: view.createdAt,
      responseStatus: entry?.responseStatus,
    }) as Partial<RecordedMessage>),
  };
}

/** The failed (or pending) message of a run, as the delivery to make again. */
export function nextDelivery(view: Message, trigger: boolean): NextDelivery {
  return {
    messageId: view.messageId,
    headers: headerValues(view.header),
    ...payloadOf(view),
    trigger,
    ...defined({ retries: retriesOf(view.maxRetries) }),
  };
}

/** The fields of a step the Workflow SDK reads back from a run's history. */
const STEP_FIELDS = [
  "stepId",
  "stepName",
  "stepType",
  "out",
  "concurrent",
  "targetStep",
  "sleepFor",
  "sleepUntil",
  "waitEventId",
  "waitTimeout",
] as const;

function stepBody(step: StepLog): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of STEP_FIELDS) if (step[field] !== undefined) body[field] = step[field];
  body["concurrent"] ??= 1;
  return body;
}

/**
 * The completed steps of a run's log as its history holds them, oldest first: the trigger's
 * payload apart, and before each result of a parallel group the plan step the SDK wrote for it
 * (logs show results only; the SDK counts plans and results to know a group is complete).
 * `skip` is the message to deliver again, which is not part of the history yet.
 */
export function historyOfLog(
  log: WorkflowRunLog,
  skip: string | undefined,
): { payload: string; triggerId: string | undefined; steps: Record<string, unknown>[] } {
  let payload = "";
  let triggerId: string | undefined;
  const steps: Record<string, unknown>[] = [];
  for (const group of log.steps) {
    if (group.type === "next") continue;
    const results = group.steps.filter((step) => {
      if (step.stepType !== "Initial") return step.messageId !== skip;
      payload = typeof step.out === "string" ? step.out : JSON.stringify(step.out ?? "");
      triggerId = step.messageId || undefined;
      return false;
    });
    for (const step of results) {
      if ((step.concurrent ?? 1) > 1) {
        const { stepName, stepType, concurrent, stepId } = step;
        steps.push({ stepId: 0, stepName, stepType, concurrent, targetStep: stepId });
      }
    }
    steps.push(...results.map(stepBody));
  }
  return { payload, triggerId, steps };
}

/**
 * A run, from its log and the message to deliver again (the failed one, or the one being
 * retried). A run that succeeded starts again from its first step. Without such a message (its
 * DLQ entry deleted, a run that sleeps or waits), the last completed step is delivered again: the
 * message that carried it is the one the run stopped after.
 */
export function recordRun(log: WorkflowRunLog, next: Message | undefined): RecordedRun {
  const history = historyOfLog(log, next?.messageId);
  const fresh = log.workflowState === "RUN_SUCCESS";
  const steps = fresh ? [] : history.steps;
  let delivery: NextDelivery | undefined;
  if (!fresh && next !== undefined) delivery = nextDelivery(next, next.messageId === history.triggerId);
  else if (!fresh) {
    const last = steps.pop();
    if (last !== undefined) {
      delivery = { messageId: "", headers: {}, body: JSON.stringify(last), trigger: false };
    }
  }
  const optional = {
    state: log.workflowState,
    createdAt: log.workflowRunCreatedAt,
    dlqId: log.dlqId,
    labels: log.labels?.length ? log.labels : undefined,
    next: delivery,
  };
  return {
    kind: "run",
    workflowRunId: log.workflowRunId,
    url: log.workflowUrl,
    payload: history.payload,
    steps,
    ...(Object.fromEntries(
      Object.entries(optional).filter(([, value]) => value !== undefined),
    ) as Partial<RecordedRun>),
  };
}
