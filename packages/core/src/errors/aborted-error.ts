import { StashkitError } from "./stashkit-error.ts";

/** The caller aborted the request through its own AbortSignal. */
export class AbortedError extends StashkitError {
  override name = "AbortedError";
}
