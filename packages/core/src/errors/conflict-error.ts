import { StashkitError } from "./stashkit-error.ts";

/** 409, or an answer saying the name already exists. */
export class ConflictError extends StashkitError {
  override name = "ConflictError";
}
