import { type RequestContext, StashkitError } from "./stashkit-error.ts";

export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/** The API answered 2xx, but the body is not what the product needs (missing fields, not JSON, HTML ...). */
export class ResponseValidationError extends StashkitError {
  override name = "ResponseValidationError";
  readonly issues: ValidationIssue[];
  /** The start of the body, with secrets and token-like fields redacted. */
  readonly bodyExcerpt: string;
  /** The `id` the body named, when it was JSON with a string `id`: what was created, even if the rest is unusable. */
  readonly resourceId: string | undefined;

  constructor(
    message: string,
    context: RequestContext & {
      issues: ValidationIssue[];
      bodyExcerpt: string;
      resourceId?: string | undefined;
    },
  ) {
    super(message, context);
    this.issues = context.issues;
    this.bodyExcerpt = context.bodyExcerpt;
    this.resourceId = context.resourceId;
  }
}
