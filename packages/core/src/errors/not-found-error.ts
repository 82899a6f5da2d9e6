import { StashkitError } from "./stashkit-error.ts";

/** 404: the queue or index does not exist (for this account). */
export class NotFoundError extends StashkitError {
  override name = "NotFoundError";
}
