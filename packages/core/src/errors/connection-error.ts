import { type RequestContext, StashkitError } from "./stashkit-error.ts";

/** The connection failed (refused, reset, DNS ...); `code` is undici's or Node's stable code. */
export class ConnectionError extends StashkitError {
  override name = "ConnectionError";
  readonly code: string | undefined;

  constructor(
    message: string,
    context: RequestContext & { code?: string | undefined },
    options?: { cause?: unknown },
  ) {
    super(message, context, options);
    this.code = context.code;
  }
}
