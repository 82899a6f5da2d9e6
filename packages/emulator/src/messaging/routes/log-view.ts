import { parsed } from "../engine/workflow/step-views.ts";
import type { HistoryEntry, StoredRun, StoredWaiter } from "../records/workflow-records.ts";

/** A pending message of the run, as the logs' "next" group shows it. */
export interface PendingStep {
  messageId: string;
  retried: number;
  /** Base64 of the message's body (a step's JSON names the step). */
  body: string;
}

interface StepView {
  stepId: number;
  stepName: string;
  stepType: string;
  callType: string;
  messageId: string;
  out?: unknown;
  concurrent: number;
  state: "STEP_SUCCESS";
  createdAt: number;
  retries: number;
  headers: Record<string, string[]>;
  sleepFor?: unknown;
  sleepUntil?: unknown;
}

type Group = { type: "sequential" | "parallel"; steps: StepView[] } | { type: "next"; steps: unknown[] };

/**
 * The SDK's `WorkflowRunLog` of a run: its state and times, the steps that completed (the
 * trigger's payload as the `Initial` step, then each result; parallel results grouped), and the
 * messages still pending as the `next` group. Steps are listed oldest first.
 */
export function runLogView(
  run: StoredRun,
  history: readonly HistoryEntry[],
  pending: readonly PendingStep[],
  waits: readonly StoredWaiter[] = [],
): Record<string, unknown> {
  const groups: Group[] = [];
  for (const view of completedSteps(run, history)) {
    const last = groups.at(-1);
    if (view.concurrent > 1 && last?.type === "parallel" && last.steps.length < view.concurrent) {
      last.steps.push(view);
    } else {
      groups.push({ type: view.concurrent > 1 ? "parallel" : "sequential", steps: [view] });
    }
  }
  if (run.state === "RUN_STARTED" && pending.length + waits.length > 0) {
    groups.push(nextGroup(run, pending, waits));
  }
  return {
    workflowRunId: run.runId,
    workflowUrl: run.url,
    workflowState: run.state,
    workflowRunCreatedAt: run.createdAt,
    ...(run.completedAt === undefined ? {} : { workflowRunCompletedAt: run.completedAt }),
    ...(run.response === undefined ? {} : { workflowRunResponse: run.response }),
    ...(run.dlqId === undefined ? {} : { dlqId: run.dlqId }),
    ...(run.labels === undefined ? {} : { label: run.labels.join(","), labels: run.labels }),
    ...(run.failureFunction === undefined
      ? {}
      : { failureFunction: { ...run.failureFunction, url: run.failureCallback?.url ?? run.url } }),
    steps: groups,
  };
}

function completedSteps(run: StoredRun, history: readonly HistoryEntry[]): StepView[] {
  const views: StepView[] = [];
  history.forEach((entry, index) => {
    const text = Buffer.from(entry.body, "base64").toString("utf8");
    const base = {
      callType: entry.callType,
      messageId: entry.messageId,
      state: "STEP_SUCCESS" as const,
      createdAt: entry.createdAt,
      retries: run.retries ?? 3,
      headers: {},
    };
    if (index === 0) {
      views.push({ ...base, stepId: 0, stepName: "init", stepType: "Initial", out: text, concurrent: 1 });
      return;
    }
    const step = parsed(text);
    // Plan steps (stepId 0) only say which step a parallel branch runs; they are not results.
    if (step === undefined || step["stepId"] === 0) return;
    views.push({
      ...base,
      stepId: Number(step["stepId"]),
      stepName: String(step["stepName"]),
      stepType: String(step["stepType"]),
      out: step["out"],
      concurrent: Number(step["concurrent"] ?? 1),
      ...(step["sleepFor"] === undefined ? {} : { sleepFor: step["sleepFor"] }),
      ...(step["sleepUntil"] === undefined ? {} : { sleepUntil: step["sleepUntil"] }),
    });
  });
  return views;
}

function nextGroup(run: StoredRun, pending: readonly PendingStep[], waits: readonly StoredWaiter[]): Group {
  return {
    type: "next",
    steps: [
      ...pending.map((message) => {
        const errors = run.errors.filter((error) => error.messageId === message.messageId);
        const stepName = parsed(Buffer.from(message.body, "base64").toString("utf8"))?.["stepName"];
        return {
          messageId: message.messageId,
          ...(typeof stepName === "string" ? { stepName } : {}),
          state: message.retried > 0 ? "STEP_RETRY" : "STEP_PROGRESS",
          retries: message.retried,
          ...(errors.length === 0
            ? {}
            : {
                errors: errors.map((error) => ({
                  error: error.body ?? error.error ?? "",
                  body: error.body ?? "",
                  headers: {},
                  status: error.status ?? 0,
                  time: error.at,
                })),
              }),
        };
      }),
      ...waits.map(waitingStep),
    ],
  };
}

/** A `context.waitForEvent` the run waits in, with the wait fields of the service's step logs. */
function waitingStep(waiter: StoredWaiter): Record<string, unknown> {
  const { step } = waiter;
  return {
    messageId: "",
    ...(typeof step["stepId"] === "number" ? { stepId: step["stepId"] } : {}),
    ...(typeof step["stepName"] === "string" ? { stepName: step["stepName"] } : {}),
    stepType: typeof step["stepType"] === "string" ? step["stepType"] : "Wait",
    callType: "step",
    concurrent: typeof step["concurrent"] === "number" ? step["concurrent"] : 1,
    state: "STEP_PROGRESS",
    retries: 0,
    waitEventId: waiter.eventId,
    waitTimeoutDuration: waiter.timeout,
    waitTimeoutDeadline: waiter.deadline,
  };
}
