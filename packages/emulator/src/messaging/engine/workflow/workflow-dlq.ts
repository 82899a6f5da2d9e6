import { messagingErrors } from "../../errors.ts";
import type { DlqStore, StoredDlqMessage } from "../../records/dlq-store.ts";
import type { StoredRun } from "../../records/workflow-records.ts";
import { callbackBody, publishFollowUp } from "../callbacks.ts";
import { FailureCallbacks } from "../failure-callbacks.ts";
import { type HeaderBag, readMessageHeaders } from "../message-headers.ts";
import type { Publish } from "../publisher.ts";
import type { WorkflowRuns } from "./runs.ts";

export interface WorkflowDlqParts {
  dlq: DlqStore;
  runs: WorkflowRuns;
  publish: Publish;
}

/** The SDK's `{workflowRunId, workflowCreatedAt}` of a resumed or restarted run. */
export interface RunReference {
  workflowRunId: string;
  workflowCreatedAt: number;
}

/**
 * The workflow DLQ: a run that failed is resumed (its failed step delivered again, the steps
 * before it kept), restarted (from the trigger's payload, no steps kept), or has its failure
 * function called again. The DLQ entry goes away on resume and restart.
 */
export class WorkflowDlq {
  readonly #parts: WorkflowDlqParts;

  constructor(parts: WorkflowDlqParts) {
    this.#parts = parts;
  }

  /** The DLQ entries of workflow messages, oldest first. */
  *entries(): Generator<StoredDlqMessage> {
    for (const entry of this.#parts.dlq.all()) if (entry.message.workflow !== undefined) yield entry;
  }

  find(dlqId: string): { entry: StoredDlqMessage; run: StoredRun } {
    const candidate = this.#parts.dlq.get(dlqId);
    const entry = candidate?.message.workflow === undefined ? undefined : candidate;
    const run = entry?.message.workflow && this.#parts.runs.get(entry.message.workflow.runId);
    if (!entry || !run) throw messagingErrors.notFound("workflow DLQ message", dlqId);
    return { entry, run };
  }

  remove(entries: Iterable<StoredDlqMessage>): void {
    for (const entry of entries) this.#parts.dlq.remove(entry.dlqId);
  }

  /** Delivers the failed step again; `overrides` are the request's `Upstash-Retries`/flow control. */
  resume(dlqId: string, overrides: HeaderBag): RunReference {
    const { entry, run } = this.find(dlqId);
    const { message } = entry;
    // The failed message's entry goes: its new copy takes its place in the history.
    this.#parts.runs.forgetStep(run.runId, message.id);
    return this.#again(entry, run, false, message.body, overrides);
  }

  /** Starts the run over from the trigger's payload. */
  restart(dlqId: string, overrides: HeaderBag): RunReference {
    const { entry, run } = this.find(dlqId);
    return this.#again(entry, run, true, run.initialBody, overrides);
  }

  /** Calls the run's failure function again with the failure the DLQ entry holds. */
  callFailureFunction(dlqId: string): RunReference {
    const { entry, run } = this.find(dlqId);
    if (run.failureCallback === undefined) {
      throw messagingErrors.noFailureFunction(run.runId);
    }
    const outcome = {
      ok: false,
      final: false,
      ...(entry.responseStatus === undefined ? {} : { status: entry.responseStatus }),
      ...(entry.responseHeader === undefined ? {} : { headers: entry.responseHeader }),
      ...(entry.responseBody === undefined ? {} : { body: Buffer.from(entry.responseBody, "base64") }),
    };
    const body = callbackBody(
      entry.message,
      { outcome, retried: entry.message.retried },
      {
        sourceBody: run.initialBody,
        workflowRunId: run.runId,
        workflowUrl: run.url,
        workflowCreatedAt: run.createdAt,
      },
    );
    publishFollowUp(this.#parts.publish, run.failureCallback, body);
    new FailureCallbacks(this.#parts.dlq).started(dlqId);
    this.#parts.runs.update(run.runId, { failureFunction: { messageId: "", state: "CALLBACK_INPROGRESS" } });
    return reference(run);
  }

  #again(entry: StoredDlqMessage, run: StoredRun, fresh: boolean, body: string, overrides: HeaderBag) {
    const { dlq, runs, publish } = this.#parts;
    const given = readMessageHeaders(overrides);
    runs.reopen(run.runId, fresh);
    dlq.remove(entry.dlqId);
    publish({
      destination: run.url,
      body: Buffer.from(body, "base64"),
      settings: {
        forwarded: entry.message.headers,
        contentBasedDeduplication: false,
        workflow: { runId: run.runId, init: false, invoke: false, callType: "step" },
        ...(given.retries === undefined ? {} : { retries: given.retries }),
        ...(given.flowControlKey === undefined
          ? {}
          : { flowControlKey: given.flowControlKey, flowControl: given.flowControl ?? {} }),
      },
    });
    return reference(run);
  }
}

function reference(run: StoredRun): RunReference {
  return { workflowRunId: run.runId, workflowCreatedAt: run.createdAt };
}
