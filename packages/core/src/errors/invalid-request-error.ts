import { StashkitError } from "./stashkit-error.ts";

/** 400 or 422: the API refused the request as invalid. */
export class InvalidRequestError extends StashkitError {
  override name = "InvalidRequestError";
}
