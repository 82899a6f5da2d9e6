import { type RequestContext, StashkitError } from "./stashkit-error.ts";

export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/** The API answered 2xx, but the body is not what the product needs (missing fields, not JSON, HTML …). */
export class ResponseValidationError extends StashkitError {
  override name = "ResponseValidationError";
  readonly issues: ValidationIssue[];
  /** The start of the body, with secrets and token-like fields redacted. */
  readonly bodyExcerpt: string;

  constructor(message: string, context: RequestContext & { issues: ValidationIssue[]; bodyExcerpt: string }) {
    super(message, context);
    this.issues = context.issues;
    this.bodyExcerpt = context.bodyExcerpt;
  }
}
