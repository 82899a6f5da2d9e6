import { describeFailure, errorForStatus, ResponseValidationError } from "../errors/index.ts";
import { extractApiMessage } from "./api-message.ts";
import { type ApiRequest, type ApiResponse, type AttemptOutcome, requestContext } from "./api-request.ts";
import { redactAndClip } from "./clip.ts";
import type { Clock } from "./clock.ts";
import type { OriginGate } from "./origin-gate.ts";
import { formatBytes } from "./read-body.ts";
import type { Redactor } from "./redactor.ts";
import { serverRequestedDelay } from "./retry-timing.ts";

/** An answer as read: its status, its body (or the start of it) and its headers by lower-case name. */
export interface Answer {
  status: number;
  text: string;
  /** The body was longer than `maxResponseBytes`: `text` is its start. */
  tooLarge: boolean;
  headers: Record<string, string | undefined>;
}

export interface ClassifySettings {
  clock: Clock;
  redactor: Redactor;
  maxResponseBytes: number;
  maxServerDelayMs: number;
  /** Closed by a rate limit with a stated end. */
  gate: OriginGate;
}

const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "upstash-request-id", "x-amzn-requestid", "cf-ray"];

/**
 * What an answer means for the call: a value (`read` accepted the 2xx body), or a failure for the
 * retry decision with the error that says it. A body `read` rejects (ResponseValidationError)
 * is a failure like any other, so an idempotent call tries again.
 */
export function classifyAnswer<T>(
  request: ApiRequest,
  answer: Answer,
  settings: ClassifySettings,
  read: (response: ApiResponse) => T,
): AttemptOutcome<T> {
  const { status, headers } = answer;
  const headerId = REQUEST_ID_HEADERS.map((name) => headers[name]).find((v) => v);
  const requestId =
    headerId === undefined ? undefined : redactAndClip(headerId, settings.redactor, 100) || undefined;
  if (status < 200 || status >= 300) return statusFailure(request, answer, requestId, settings);
  if (answer.tooLarge) {
    const what = `answered ${status} with a body over ${formatBytes(settings.maxResponseBytes)}, more than stashkit reads`;
    const context = { ...requestContext(request), status, requestId };
    const error = new ResponseValidationError(describeFailure(context, what), {
      ...context,
      issues: [{ path: [], message: "too large" }],
      bodyExcerpt: "",
    });
    return { failure: { kind: "invalid-body" }, error };
  }
  try {
    return { value: read({ status, text: answer.text, requestId }) };
  } catch (error) {
    if (error instanceof ResponseValidationError) return { failure: { kind: "invalid-body" }, error };
    throw error;
  }
}

/** A non-2xx answer as the error class that says what it means; a rate limit with a stated end closes the gate. */
function statusFailure(
  request: ApiRequest,
  answer: Answer,
  requestId: string | undefined,
  settings: ClassifySettings,
): AttemptOutcome<never> {
  const { status, headers } = answer;
  const { clock, redactor } = settings;
  const serverDelayMs = serverRequestedDelay(headers, clock.now(), settings.maxServerDelayMs);
  const error = errorForStatus({
    ...requestContext(request),
    status,
    apiMessage: extractApiMessage(answer.text, headers["content-type"], redactor),
    requestId,
    retryAfterMs: serverDelayMs,
  });
  // A rate limit with a stated end holds every request to the origin until then.
  const heldGate =
    serverDelayMs !== undefined &&
    (status === 429 || (status === 503 && headers["retry-after"] !== undefined));
  if (heldGate) settings.gate.holdUntil(clock.now() + serverDelayMs);
  return { failure: { kind: "status", status, serverDelayMs }, error, heldGate };
}
