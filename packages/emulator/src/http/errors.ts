import type { RateDecision } from "./rate-limit.ts";

/**
 * An error answer. Handlers do not build one: they throw a named error from their API's factory
 * (`messaging/errors.ts`, `management/errors.ts`, `search-data/errors.ts`, `control/errors.ts`),
 * which decides the status and the words; the API's profile (`renderError`) decides the body's shape.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.headers = headers;
  }
}

/**
 * What an API's factory answers with: an `HttpError` whose `name` is its meaning ("NotFound",
 * "InvalidHeader"), so a stack trace or a caller of the emulator's code API reads what went wrong.
 */
export function namedError(
  meaning: string,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): HttpError {
  const error = new HttpError(status, message, headers);
  error.name = meaning;
  return error;
}

/** What the request pipeline itself refuses, before or around any API's handler; each API words the body. */
export const httpErrors = {
  bodyTooLarge: () => namedError("BodyTooLarge", 413, "request body too large"),
  bodyEmpty: () => namedError("BodyEmpty", 400, "request body is empty; expected JSON"),
  bodyNotJson: () => namedError("BodyNotJson", 400, "request body is not valid JSON"),
  /** A path the API owns that no route matches, for an API that words this no way of its own. */
  unrouted: (status: 404 | 405) =>
    status === 404
      ? namedError("NotFound", 404, "not found")
      : namedError("MethodNotAllowed", 405, "method not allowed"),
  /** Another site's page, or a Host the emulator does not answer to (see `site-guard.ts`). */
  forbiddenSite: (reason: string) => namedError("ForbiddenSite", 403, reason),
  tooManyRequests: (rate: RateDecision) =>
    namedError("TooManyRequests", 429, `too many requests: this API serves ${rate.limit} per second`, {
      "retry-after": String(rate.retryAfterSeconds),
    }),
};
