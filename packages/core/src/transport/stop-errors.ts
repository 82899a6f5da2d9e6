import {
  AbortedError,
  DeadlineExceededError,
  describeFailure,
  RateLimitedError,
  type StashkitError,
} from "../errors/index.ts";
import { type ApiRequest, requestContext } from "./api-request.ts";

/** The errors that end a call before the retry policy would: the caller, the deadline, a rate limit's wait. */

export function abortedError(request: ApiRequest): AbortedError {
  const context = requestContext(request);
  return new AbortedError(describeFailure(context, "was aborted by the caller"), context);
}

export function deadlineError(
  request: ApiRequest,
  deadlineAt: number,
  cause: unknown,
): DeadlineExceededError {
  const context = requestContext(request);
  const at = Number.isFinite(deadlineAt) ? ` (${new Date(deadlineAt).toISOString()})` : "";
  return new DeadlineExceededError(
    describeFailure(context, `did not finish before the deadline${at}`),
    context,
    {
      cause,
    },
  );
}

/** The origin's gate stays closed past the deadline: nothing was sent. */
export function gateClosedError(request: ApiRequest, waitMs: number, now: number): RateLimitedError {
  const context = requestContext(request);
  const retryAt = new Date(now + waitMs).toISOString();
  return new RateLimitedError(
    describeFailure(
      context,
      `was not sent: the API's rate limit holds requests for ${Math.ceil(waitMs / 1000)} s, past the deadline: try again after ${retryAt}`,
    ),
    { ...context, retryAfterMs: waitMs, now },
  );
}

/** The next wait would pass the deadline: fail now, saying when to try again for a 429. */
export function outOfTimeError(
  request: ApiRequest,
  error: StashkitError,
  delayMs: number,
  now: number,
): StashkitError {
  const context = {
    ...requestContext(request),
    status: error.status,
    apiMessage: error.apiMessage,
    requestId: error.requestId,
  };
  if (error instanceof RateLimitedError) {
    const retryAt = new Date(now + delayMs).toISOString();
    return new RateLimitedError(
      `${error.message}; waiting ${Math.ceil(delayMs / 1000)} s would pass the deadline: try again after ${retryAt}`,
      { ...context, retryAfterMs: delayMs, now },
    );
  }
  return new DeadlineExceededError(
    `${error.message}; gave up: the next attempt (in ${delayMs} ms) would start after the deadline`,
    context,
    { cause: error },
  );
}
