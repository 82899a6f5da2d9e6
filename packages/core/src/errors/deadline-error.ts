import { StashkitError } from "./stashkit-error.ts";

/** The overall deadline passed (across all attempts). */
export class DeadlineExceededError extends StashkitError {
  override name = "DeadlineExceededError";
}
