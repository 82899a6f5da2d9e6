import { type HttpError, namedError } from "../http/errors.ts";

/**
 * Every error the messaging API (QStash and Workflow) answers, by meaning: a handler throws one of
 * these, this file decides its status and words, and the profile sends `{"error": "…"}`.
 * Wordings the official SDKs or the service's documentation show are kept as the service has them.
 */
export const messagingErrors = {
  /** Something the caller names that the API does not hold: `queue "jobs" not found`. */
  notFound: (kind: string, name: string) => namedError("NotFound", 404, missing(kind, name)),
  unauthorized: (why: "missing token" | "invalid token") =>
    namedError("Unauthorized", 401, `Unauthorized: ${why}`),
  /**
   * Another region's token, as the service answers it (users report this 404 and these words,
   * the user being the token's account id and the region this URL's, spelled `us-east-1`).
   */
  otherRegion: (userId: string, region: string) =>
    namedError(
      "WrongRegion",
      404,
      `user (${userId}) not found in this region (${region}). Check that you are using the correct endpoint. Learn more: https://upstash.com/docs/qstash/howto/multi-region`,
    ),
  /**
   * A write with the read-only token: the service answers 403 (seen live, upstash/mcp-server pull
   * request 19); its body's words are not published, so these are the emulator's.
   */
  readOnlyToken: (method: string, path: string) =>
    namedError("Forbidden", 403, `Forbidden: the read-only token cannot ${method} ${path}`),
  /** Past a limit of the plan `--plan` names; the service's words are not published. */
  overPlan: (what: string, plan: string, maximum: string) =>
    namedError("OverPlanLimit", 400, `${what} is over the ${plan} plan's maximum of ${maximum}`),
  /**
   * Past the plan's messages per day: 429 with the daily `RateLimit-*` headers, from which the SDK
   * makes a `QstashDailyRatelimitError` (the words are the emulator's).
   */
  dailyLimit: (limit: number, headers: Record<string, string>) =>
    namedError(
      "DailyRateLimit",
      429,
      `Exceeded daily rate limit: this plan accepts ${limit} messages a day`,
      headers,
    ),
  /** A name the caller chose with characters the API does not allow, in the service's words. */
  invalidName: (what: "Queue name" | "Schedule ID" | "URL group name") =>
    namedError(
      "InvalidName",
      400,
      `${what} is invalid. ${what}s can only contain alphanumeric characters, hyphens, periods, and underscores.`,
    ),
  /** `why` follows the header's name: `Upstash-Retries` `must be a whole number…`. */
  invalidHeader: (header: string, why: string) => namedError("InvalidHeader", 400, `${header} ${why}`),
  missingHeader: (header: string, example: string) =>
    namedError("MissingHeader", 400, `the ${header} header is required, e.g. ${example}`),
  /** A header whose value was refused for a reason worded without its name (a callback's URL). */
  inHeader: (header: string, cause: HttpError) =>
    namedError("InvalidHeader", 400, `${header}: ${cause.message}`),
  /** A query or path parameter: `count` `must be a whole number…`. */
  invalidParameter: (name: string, why: string) => namedError("InvalidParameter", 400, `${name} ${why}`),
  missingParameter: (name: string) => namedError("MissingParameter", 400, `${name} is required`),
  unknownParameter: (name: string, known: readonly string[]) =>
    namedError("UnknownParameter", 400, `unknown filter "${name}": this route takes ${known.join(", ")}`),
  invalidCursor: (cursor: string) =>
    namedError("InvalidCursor", 400, `cursor "${cursor}" is not one this API gave`),
  /** A field of a JSON body: `paused` `must be a boolean`. */
  invalidField: (field: string, why: string) => namedError("InvalidBody", 400, `${field} ${why}`),
  /** A body refused as a whole; `why` says what was expected. */
  invalidBody: (why: string) => namedError("InvalidBody", 400, why),
  /** One entry of a batch refused: the batch is refused with the entry's status, naming it. */
  inBatchEntry: (index: number, cause: HttpError) =>
    namedError(cause.name, cause.status, `batch entry ${index}: ${cause.message}`),
  invalidDestination: (url: string) =>
    namedError("InvalidDestination", 400, `destination must be an http:// or https:// URL, got "${url}"`),
  ownDestination: (prefix: string) =>
    namedError(
      "InvalidDestination",
      400,
      `the emulator does not deliver to ${prefix}/* (its own control routes)`,
    ),
  /** A schedule's destination that names a URL group: the emulator's schedules go to URLs only. */
  urlGroupDestination: (name: string) =>
    namedError(
      "NotEmulated",
      404,
      `URL group "${name}": the emulator schedules to http:// and https:// URLs only (publish, enqueue and batch fan out to URL groups)`,
    ),
  /** A workflow step for a run the API never started: the step protocol answers 400, not 404. */
  stepOfUnknownRun: (runId: string) => namedError("NotFound", 400, missing("workflow run", runId)),
  runNotRunning: (runId: string, state?: string) =>
    namedError(
      "RunNotRunning",
      400,
      `workflow run "${runId}" is not running${state === undefined ? "" : ` (${state})`}`,
    ),
  runEnded: (runId: string) => namedError("RunEnded", 404, `workflow run "${runId}" has ended`),
  noFailureFunction: (runId: string) =>
    namedError("NoFailureFunction", 400, `workflow run "${runId}" has no failure function`),
  /** Past a bound on open waits or early notifications (`limits.waits…`); `cause` names the bound. */
  waitLimit: (cause: Error) => namedError("LimitReached", 400, cause.message),
};

/** How this API words "not found", once. */
function missing(kind: string, name: string): string {
  return `${kind} "${name}" not found`;
}
