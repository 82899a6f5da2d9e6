import { AuthenticationError } from "./authentication-error.ts";
import { ConflictError } from "./conflict-error.ts";
import { InvalidRequestError } from "./invalid-request-error.ts";
import { NotFoundError } from "./not-found-error.ts";
import { RateLimitedError } from "./rate-limited-error.ts";
import { ServerError } from "./server-error.ts";
import { describeFailure, type RequestContext, type StashkitError } from "./stashkit-error.ts";
import { UnexpectedStatusError } from "./unexpected-status-error.ts";

/** Maps a non-2xx answer to the error class that says what it means. */
export function errorForStatus(
  context: RequestContext & { status: number; retryAfterMs?: number | undefined },
): StashkitError {
  const message = describeFailure(context, `answered ${context.status}`);
  const { status } = context;
  if (status === 401 || status === 403) return new AuthenticationError(message, context);
  if (status === 404) return new NotFoundError(message, context);
  if (status === 409) return new ConflictError(message, context);
  if (status === 400 || status === 422) return new InvalidRequestError(message, context);
  if (status === 429) return new RateLimitedError(message, context);
  if (status >= 500) return new ServerError(message, context);
  return new UnexpectedStatusError(message, context);
}
