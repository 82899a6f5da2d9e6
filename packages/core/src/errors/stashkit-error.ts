/** What every request error knows about the request that failed. Never headers, never a query string. */
export interface RequestContext {
  /** What the caller was doing, e.g. "resume queue orders". */
  operation?: string | undefined;
  method?: string | undefined;
  /** The path alone, without origin or query. */
  path?: string | undefined;
  status?: number | undefined;
  /** The API's own message, cut to 300 characters and redacted. */
  apiMessage?: string | undefined;
  requestId?: string | undefined;
  /** Whether the request may have changed something on the server although it failed. */
  mayHaveTakenEffect?: boolean | undefined;
}

/**
 * The base of every error stashkit throws. Subclasses say what went wrong by their class and
 * stable `name`; the message reads "<operation>: <METHOD> <path> answered <status>: <API message>".
 */
export class StashkitError extends Error {
  override name = "StashkitError";
  readonly operation: string | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly status: number | undefined;
  readonly apiMessage: string | undefined;
  readonly requestId: string | undefined;
  /**
   * Whether the API may have acted on the request although the call failed (a 5xx, a timeout or
   * a connection lost after sending, a 2xx whose body could not be read). The transport decides
   * it; an operation that must not repeat a side effect (a create) checks before trying again.
   */
  mayHaveTakenEffect: boolean;

  constructor(message: string, context: RequestContext = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.operation = context.operation;
    this.method = context.method;
    this.path = context.path;
    this.status = context.status;
    this.apiMessage = context.apiMessage;
    this.requestId = context.requestId;
    this.mayHaveTakenEffect = context.mayHaveTakenEffect ?? false;
  }
}

/** "resume queue q: POST /v2/queues/q/resume answered 503: busy (request id abc)". */
export function describeFailure(context: RequestContext, what: string): string {
  const where = context.method && context.path ? `${context.method} ${context.path} ` : "";
  const prefix = context.operation ? `${context.operation}: ` : "";
  const api = context.apiMessage ? `: ${context.apiMessage}` : "";
  const id = context.requestId ? ` (request id ${context.requestId})` : "";
  return `${prefix}${where}${what}${api}${id}`;
}
