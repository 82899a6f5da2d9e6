import { type RequestContext, StashkitError } from "./stashkit-error.ts";

/** 429: too many requests. `retryAfterMs` and `retryAt` say when the API will accept another. */
export class RateLimitedError extends StashkitError {
  override name = "RateLimitedError";
  readonly retryAfterMs: number | undefined;
  readonly retryAt: Date | undefined;

  constructor(
    message: string,
    context: RequestContext & { retryAfterMs?: number | undefined; now?: number },
  ) {
    super(message, context);
    this.retryAfterMs = context.retryAfterMs;
    this.retryAt =
      context.retryAfterMs === undefined
        ? undefined
        : new Date((context.now ?? Date.now()) + context.retryAfterMs);
  }
}
