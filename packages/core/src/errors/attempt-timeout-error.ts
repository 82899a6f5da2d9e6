import { StashkitError } from "./stashkit-error.ts";

/** One attempt got no complete answer within the per-attempt timeout. */
export class AttemptTimeoutError extends StashkitError {
  override name = "AttemptTimeoutError";
}
