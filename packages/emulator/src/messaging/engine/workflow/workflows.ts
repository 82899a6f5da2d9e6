import type { DlqStore } from "../../records/dlq-store.ts";
import type { StoredMessage } from "../../records/message-record.ts";
import type { MessageStore } from "../../records/queue-store.ts";
import type { StoredRun } from "../../records/workflow-records.ts";
import { callbackBody, publishFollowUp } from "../callbacks.ts";
import type { Attempt, Fate } from "../delivery/attempt.ts";
import { FailureCallbacks } from "../failure-callbacks.ts";
import type { Publish } from "../publisher.ts";
import type { WorkflowRuns } from "./runs.ts";
import type { Waits } from "./waits.ts";

/** What workflows act through: every part is made before them, so each is a constructor argument. */
export interface WorkflowParts {
  runs: WorkflowRuns;
  messages: MessageStore;
  dlq: DlqStore;
  publish: Publish;
  waits: Waits;
}

/**
 * What the service does for Upstash Workflow after a delivery attempt (the hook delivery calls
 * once an attempt has settled): callbacks and failure callbacks published, a step that failed
 * for good failing its run; and runs cancelled. Before delivery, `WorkflowAdmission` does the rest.
 */
export class Workflows {
  readonly #parts: WorkflowParts;

  constructor(parts: WorkflowParts) {
    this.#parts = parts;
  }

  /** After each attempt: callbacks, failure callbacks, and the run's errors and end. */
  attempted(message: StoredMessage, attempt: Attempt, fate: Fate): void {
    const { publish, runs } = this.#parts;
    const run = message.workflow === undefined ? undefined : runs.get(message.workflow.runId);
    if (message.callback !== undefined && attempt.outcome.status !== undefined) {
      publishFollowUp(publish, message.callback, callbackBody(message, attempt));
    }
    if (fate.kind === "dead" && message.failureCallback !== undefined) {
      publishFollowUp(publish, message.failureCallback, callbackBody(message, attempt, runFields(run)));
    }
    if (run === undefined) return;
    if (!attempt.outcome.ok) {
      runs.recordError(run.runId, message.id, attempt.outcome);
    }
    this.#settleRun(run.runId, message, attempt, fate);
  }

  #settleRun(runId: string, message: StoredMessage, attempt: Attempt, fate: Fate): void {
    const { runs } = this.#parts;
    const failureCallbacks = new FailureCallbacks(this.#parts.dlq);
    const callType = message.workflow?.callType;
    if (callType === "failureCall") {
      if (fate.kind === "retry") return;
      const state = fate.kind === "delivered" ? "CALLBACK_SUCCESS" : "CALLBACK_FAIL";
      runs.update(runId, { failureFunction: { messageId: message.id, state } });
      const runEntry = runs.get(runId)?.dlqId;
      if (fate.kind === "dead") failureCallbacks.failed(runEntry, fate.dlqId, attempt.outcome);
      else failureCallbacks.succeeded(runEntry);
      return;
    }
    // A `context.call` that failed for good is not the run failing: its answer (the failure) goes
    // back to the run through the call's callback, and the workflow decides.
    if (fate.kind !== "dead" || callType === "toCallback") return;
    const failure =
      message.failureCallback === undefined
        ? {}
        : { failureFunction: { messageId: "", state: "CALLBACK_INPROGRESS" } };
    const ended = runs.end(runId, "RUN_FAILED", { dlqId: fate.dlqId, ...failure });
    if (!ended && message.failureCallback !== undefined) runs.update(runId, failure);
    if (message.failureCallback !== undefined) failureCallbacks.started(runs.get(runId)?.dlqId);
  }

  /** Ends runs as cancelled and drops their pending messages and waits; answers how many were running. */
  cancel(runIds: readonly string[]): number {
    const { runs, messages } = this.#parts;
    const ended = new Set(runIds.filter((runId) => runs.end(runId, "RUN_CANCELED")));
    if (ended.size === 0) return 0;
    const doomed = [...messages.all()].filter((m) => m.workflow !== undefined && ended.has(m.workflow.runId));
    for (const message of doomed) messages.remove(message.id);
    for (const runId of ended) this.#parts.waits.forgetRun(runId);
    return ended.size;
  }
}

/** What a workflow's failure callback adds: the run, and the trigger's payload as `sourceBody`. */
function runFields(run: StoredRun | undefined): Record<string, unknown> {
  if (run === undefined) return {};
  return {
    sourceBody: run.initialBody,
    workflowRunId: run.runId,
    workflowUrl: run.url,
    workflowCreatedAt: run.createdAt,
  };
}
