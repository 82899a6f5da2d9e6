import { HttpError } from "../../../http/errors.ts";
import { parseJsonBody } from "../../../http/reply.ts";
import { messagingErrors } from "../../errors.ts";
import type { Invoker, StoredRun } from "../../records/workflow-records.ts";
import { lowerCaseHeaders, readMessageHeaders } from "../message-headers.ts";
import type { Publish } from "../publisher.ts";

/** Headers of the invoking run never kept: its client's credentials ride along in them. */
const NOT_KEPT = new Set(["authorization", "cookie"]);

/**
 * `context.invoke`'s trigger (`Upstash-Workflow-Invoke: true`) carries, as JSON, the payload of
 * the run it starts (`body`) and who is waiting for it: the invoking run, its URL, the headers
 * its step messages carry and the step the result completes. Answers the payload and the invoker.
 */
export function readInvoke(raw: Buffer): { payload: Buffer; invokedBy: Invoker } {
  const refused = () =>
    messagingErrors.invalidBody(
      "an invoke's body must be a JSON object with workflowRunId, workflowUrl, headers and step",
    );
  let request: Record<string, unknown> | null;
  try {
    request = parseJsonBody(raw) as Record<string, unknown> | null;
  } catch (error) {
    if (error instanceof HttpError) throw refused();
    throw error;
  }
  const { body, headers, workflowRunId, workflowUrl, step } = request ?? {};
  if (
    typeof workflowRunId !== "string" ||
    typeof workflowUrl !== "string" ||
    step === null ||
    typeof step !== "object" ||
    headers === null ||
    typeof headers !== "object"
  ) {
    throw refused();
  }
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!NOT_KEPT.has(name.toLowerCase())) kept[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return {
    payload: Buffer.from(typeof body === "string" ? body : body === undefined ? "" : JSON.stringify(body)),
    invokedBy: {
      runId: workflowRunId,
      url: workflowUrl,
      headers: lowerCaseHeaders(kept) as Record<string, string>,
      step: step as Record<string, unknown>,
    },
  };
}

/**
 * When an invoked run ends, its result goes to the run that invoked it as the invoke step's
 * result: `out` is the JSON the SDK reads (`body`, the run's response; `isFailed`; `isCanceled`).
 */
export function sendInvokeResult(publish: Publish, run: StoredRun): void {
  const invoker = run.invokedBy;
  if (invoker === undefined) return;
  const lastError = run.errors.at(-1);
  const out = {
    body: run.state === "RUN_SUCCESS" ? (run.response ?? "") : (lastError?.body ?? lastError?.error ?? ""),
    isFailed: run.state === "RUN_FAILED",
    isCanceled: run.state === "RUN_CANCELED",
  };
  try {
    publish({
      destination: invoker.url,
      body: Buffer.from(JSON.stringify({ ...invoker.step, out: JSON.stringify(out) })),
      settings: readMessageHeaders(invoker.headers),
    });
  } catch (error) {
    // The invoking run ended meanwhile: no one is waiting for the result.
    if (!(error instanceof HttpError)) throw error;
  }
}
