import { randomUUID } from "node:crypto";
import type { Publish, PublishAnswer } from "../publisher.ts";
import type { RawStep, WorkflowRuns } from "./runs.ts";

/**
 * A run as far as it got elsewhere (`stashkit replay` reads it from an account): its payload, the
 * steps it completed, and the delivery to make next. Checked by the control API's route.
 */
export interface RunImport {
  workflowRunId: string;
  url: string;
  /** Base64 of the trigger's payload. */
  payload: string;
  /** The completed steps, oldest first, as the Workflow SDK wrote them. */
  steps: readonly Record<string, unknown>[];
  /** After the steps: base64 of the delivery's body, and the headers the app receives. */
  next?: { body: string; headers: Record<string, string> } | undefined;
  /** Without `next`: the headers of the first delivery (the payload). */
  headers?: Record<string, string> | undefined;
  retries?: number | undefined;
  labels?: string[] | undefined;
}

export interface RunImportParts {
  runs: WorkflowRuns;
  publish: Publish;
  /** Ends runs as cancelled, dropping their pending messages and waits. */
  cancel(runIds: readonly string[]): number;
}

/** The workflow protocol's version header: without it, the SDK takes a delivery for a new trigger. */
const PROTOCOL_HEADER = "upstash-workflow-sdk-version";

function historyEntry(body: string): RawStep {
  return { messageId: `msg_${randomUUID().replaceAll("-", "")}`, body, callType: "step" };
}

/**
 * Puts the run in and makes its next delivery, so the app continues it from where it stopped:
 * with `next`, the payload and the steps are its history and `next` is delivered after them (the
 * app runs the step it failed at, every step before it answered from the history); without, the
 * payload is its first delivery. A run of the same id is cancelled and replaced.
 */
export function importRun(
  parts: RunImportParts,
  run: RunImport,
): { workflowRunId: string; messageId: string } {
  const { workflowRunId: runId, url, payload, next } = run;
  parts.cancel([runId]);
  const history = next === undefined ? [] : [payload, ...run.steps.map(stepBody)].map(historyEntry);
  parts.runs.replace(
    {
      runId,
      url,
      initialBody: payload,
      ...(run.retries === undefined ? {} : { retries: run.retries }),
      ...(run.labels === undefined ? {} : { labels: run.labels }),
    },
    history,
  );
  const headers = lowerCase(next?.headers ?? run.headers ?? {});
  const answer: PublishAnswer = parts.publish({
    destination: url,
    body: Buffer.from(next?.body ?? payload, "base64"),
    settings: {
      forwarded: {
        "content-type": "application/json",
        ...headers,
        [PROTOCOL_HEADER]: headers[PROTOCOL_HEADER] ?? "1",
      },
      contentBasedDeduplication: false,
      workflow: { runId, init: false, invoke: false, callType: "step" },
      ...(run.retries === undefined ? {} : { retries: run.retries }),
    },
  });
  return { workflowRunId: runId, messageId: answer.messageId };
}

function stepBody(step: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(step)).toString("base64");
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
