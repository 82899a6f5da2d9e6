import type { Attempt, Fate, Prepared } from "../delivery/attempt.ts";
import { callbackBody, publishFollowUp } from "../delivery/callbacks.ts";
import { FailureCallbacks } from "../dlq/failure-callback.ts";
import type { DlqStore } from "../dlq/store.ts";
import { messagingErrors } from "../errors.ts";
import type { NewMessage } from "../messages/message-book.ts";
import type { StoredMessage } from "../messages/record.ts";
import type { Publish, PublishAnswer } from "../publish/publisher.ts";
import type { MessageStore } from "../queues/store.ts";
import type { Lookup } from "../registry.ts";
import type { StoredRun } from "./records.ts";
import type { WorkflowRuns } from "./runs.ts";
import type { Waits } from "./waits.ts";

/**
 * What workflows act through. Publishing and waits are made after delivery, whose hooks these
 * are, so they are looked up in the engine's registry when needed.
 */
export type WorkflowParts = Lookup<{
  runs: WorkflowRuns;
  stores: { messages: MessageStore; dlq: DlqStore };
  publish: Publish;
  waits: Waits;
}>;

/**
 * What the service does for Upstash Workflow on top of plain messages: a trigger message
 * (`Upstash-Workflow-Init: true`) starts a run; each step message of the run is delivered with
 * the run's history up to it (the trigger's payload first, base64 entries); steps inherit the
 * trigger's retries and failure callback; a step that fails for good fails the run.
 */
export class Workflows {
  readonly #parts: WorkflowParts;

  constructor(parts: WorkflowParts) {
    this.#parts = parts;
  }

  /** Checks a workflow message before it is accepted; answers for a repeated trigger. */
  admit(input: NewMessage): PublishAnswer | undefined {
    const tag = input.settings.workflow;
    if (tag === undefined) return undefined;
    if (tag.invoke) {
      // Refused rather than half done: the invoked run would start, but its result would never
      // reach the invoking run, which would then wait for ever.
      throw messagingErrors.notEmulated("context.invoke", "the emulator does not run invoked workflows");
    }
    const runs = this.#parts.get("runs");
    const { settings } = input;
    if (tag.init && tag.callType === "step") {
      const started = runs.start({
        runId: tag.runId,
        url: tag.url ?? input.destination,
        initialBody: input.body.toString("base64"),
        ...(settings.labels === undefined ? {} : { labels: settings.labels }),
        ...(settings.retries === undefined ? {} : { retries: settings.retries }),
        ...(settings.retryDelayExpression === undefined ? {} : { retryDelay: settings.retryDelayExpression }),
        ...(settings.failureCallback === undefined ? {} : { failureCallback: settings.failureCallback }),
      });
      return started ? undefined : { messageId: "", url: input.destination, deduplicated: true };
    }
    const run = runs.get(tag.runId);
    if (!run) throw messagingErrors.stepOfUnknownRun(tag.runId);
    if (tag.callType !== "failureCall" && run.state !== "RUN_STARTED") {
      throw messagingErrors.runNotRunning(tag.runId, run.state);
    }
    if (tag.callType === "step") {
      if (settings.retries === undefined && run.retries !== undefined) settings.retries = run.retries;
      if (settings.retryDelayExpression === undefined && run.retryDelay !== undefined) {
        settings.retryDelayExpression = run.retryDelay;
      }
      if (settings.failureCallback === undefined && run.failureCallback !== undefined) {
        settings.failureCallback = run.failureCallback;
      }
    }
    return undefined;
  }

  /** The body and headers a workflow message is delivered with. */
  prepare(message: StoredMessage): Prepared | undefined {
    const tag = message.workflow;
    const runs = this.#parts.get("runs");
    const run = tag === undefined ? undefined : runs.get(tag.runId);
    if (tag === undefined || run === undefined || tag.callType === "toCallback") return undefined;
    const headers = {
      "upstash-workflow-runid": run.runId,
      "upstash-workflow-url": run.url,
      "upstash-workflow-createdat": String(run.createdAt),
    };
    if (tag.callType !== "step") return { body: Buffer.from(message.body, "base64"), headers };
    const history = runs.historyThrough(run.runId, {
      messageId: message.id,
      body: message.body,
      callType: "step",
    });
    return { body: Buffer.from(JSON.stringify(history)), headers };
  }

  /** After each attempt: callbacks, failure callbacks, and the run's errors and end. */
  attempted(message: StoredMessage, attempt: Attempt, fate: Fate): void {
    const publish = this.#parts.get("publish");
    const runs = this.#parts.get("runs");
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
    const runs = this.#parts.get("runs");
    const failureCallbacks = new FailureCallbacks(this.#parts.get("stores").dlq);
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
    const runs = this.#parts.get("runs");
    const ended = new Set(runIds.filter((runId) => runs.end(runId, "RUN_CANCELED")));
    if (ended.size === 0) return 0;
    const { messages } = this.#parts.get("stores");
    const doomed = [...messages.all()].filter((m) => m.workflow !== undefined && ended.has(m.workflow.runId));
    for (const message of doomed) messages.remove(message.id);
    for (const runId of ended) this.#parts.get("waits").forgetRun(runId);
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
