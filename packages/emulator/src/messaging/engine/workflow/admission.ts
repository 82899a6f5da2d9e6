import { messagingErrors } from "../../errors.ts";
import type { StoredMessage } from "../../records/message-record.ts";
import type { Prepared } from "../delivery/attempt.ts";
import type { NewMessage } from "../message-book.ts";
import type { PublishAnswer } from "../publisher.ts";
import { readInvoke } from "./invokes.ts";
import type { WorkflowRuns } from "./runs.ts";

/**
 * What the service does for Upstash Workflow before a message is accepted and when it is
 * delivered: a trigger message (`Upstash-Workflow-Init: true`) starts a run; each step message of
 * the run is delivered with the run's history up to it (the trigger's payload first, base64
 * entries); steps inherit the trigger's retries and failure callback. It needs the runs only, so
 * publishing and delivery take it as a constructor argument.
 */
export class WorkflowAdmission {
  readonly #runs: WorkflowRuns;

  constructor(runs: WorkflowRuns) {
    this.#runs = runs;
  }

  /** Checks a workflow message before it is accepted; answers for a repeated trigger. */
  admit(input: NewMessage): PublishAnswer | undefined {
    const tag = input.settings.workflow;
    if (tag === undefined) return undefined;
    // `context.invoke`: the run it starts gets the payload; the rest says where the result goes.
    const invoke = tag.invoke ? readInvoke(input.body) : undefined;
    if (invoke !== undefined) input.body = invoke.payload;
    const runs = this.#runs;
    const { settings } = input;
    if (tag.init && tag.callType === "step") {
      const started = runs.start({
        ...(invoke === undefined ? {} : { invokedBy: invoke.invokedBy }),
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
    const run = tag === undefined ? undefined : this.#runs.get(tag.runId);
    if (tag === undefined || run === undefined || tag.callType === "toCallback") return undefined;
    const headers = {
      "upstash-workflow-runid": run.runId,
      "upstash-workflow-url": run.url,
      "upstash-workflow-createdat": String(run.createdAt),
    };
    if (tag.callType !== "step") return { body: Buffer.from(message.body, "base64"), headers };
    const history = this.#runs.historyThrough(run.runId, {
      messageId: message.id,
      body: message.body,
      callType: "step",
    });
    return { body: Buffer.from(JSON.stringify(history)), headers };
  }
}
