import { type EventWait, type PendingDelivery, type StallReason, whyStalled } from "@stashkit/stall-reasons";
import type { MessagingClient } from "../../clients/messaging-client.ts";
import { NotFoundError } from "../../errors/index.ts";
import type { StepLog, WorkflowRunLog } from "../../schemas/workflow-runs.ts";
import type { CallOptions } from "../../transport/call-options.ts";
import { pendingDelivery, stepOfMessage } from "./pending-delivery.ts";
import { type ServiceClock, serviceClock } from "./stall-setting.ts";

export interface DiagnoseRunInput extends CallOptions, Partial<ServiceClock> {
  workflowRunId: string;
}

/** A step still to happen: a message to deliver, or a wait for an event. */
export interface NextStep {
  stepName: string | undefined;
  stepType: string | undefined;
  messageId: string | undefined;
  waitEventId: string | undefined;
}

export interface RunDiagnosis {
  workflowRunId: string;
  url: string;
  state: string;
  /** Steps the run has completed (the payload not counted). */
  completedSteps: number;
  next: NextStep[];
  /** Why a running run does not move; absent while a delivery is under way or due, and for an ended run. */
  reason: StallReason | undefined;
  /** The workflow DLQ entry of a failed run. */
  dlqId: string | undefined;
  setting: ServiceClock["setting"];
}

/**
 * Why a workflow run is not moving, from the public API alone (its log, its next messages, their
 * events, queues and keys), in the words of `@stashkit/stall-reasons`: the same reason the
 * emulator's inspector gives for the same run.
 */
export async function diagnoseRun(client: MessagingClient, input: DiagnoseRunInput): Promise<RunDiagnosis> {
  const call = { deadline: input.deadline, signal: input.signal };
  const { workflowRunId } = input;
  const run = await client.workflowRuns.log(workflowRunId, call);
  if (run === undefined) {
    throw new NotFoundError(
      `no workflow run ${workflowRunId} in this account's logs at ${client.baseUrl} (a run of another region, or one whose logs expired?)`,
    );
  }
  const clock = await serviceClock(client, input, call);
  const nextSteps = run.steps.filter((group) => group.type === "next").flatMap((group) => group.steps);
  const running = run.workflowState === "RUN_STARTED";
  const waits: EventWait[] = [];
  const pending: PendingDelivery[] = [];
  const next: NextStep[] = [];
  for (const step of running ? nextSteps : []) {
    let carried: { name: string; type: string } | undefined;
    if (step.waitEventId !== undefined) {
      waits.push({ eventId: step.waitEventId, deadline: step.waitTimeoutDeadline ?? 0 });
    } else if (step.messageId !== "") {
      const found = await pendingDelivery(client, step.messageId, step, call);
      if (found !== undefined) pending.push(found.delivery);
      carried = found === undefined ? undefined : stepOfMessage(found.message);
    }
    next.push(nextStep(step, carried));
  }
  return {
    workflowRunId,
    url: run.workflowUrl,
    state: run.workflowState,
    completedSteps: completedSteps(run),
    next,
    reason: whyStalled({ running, pending, waits, now: clock.now, setting: clock.setting }),
    dlqId: run.dlqId,
    setting: clock.setting,
  };
}

function completedSteps(run: WorkflowRunLog): number {
  return run.steps
    .filter((group) => group.type !== "next")
    .flatMap((group) => group.steps)
    .filter((step) => step.stepType !== "Initial").length;
}

/** A step of the next group, named by the log or by the step its message carries. */
function nextStep(step: StepLog, carried: { name: string; type: string } | undefined): NextStep {
  return {
    stepName: step.stepName ?? carried?.name,
    stepType: step.stepType ?? carried?.type,
    messageId: step.messageId === "" ? undefined : step.messageId,
    waitEventId: step.waitEventId,
  };
}
