import { StashkitError } from "./stashkit-error.ts";

/**
 * The new build could not be checked as it runs: it does not answer, it is not wired to the
 * check's stand-in (what it would send to QStash could reach the account), or it refuses the
 * signature. Raised after the runs were read, before any history is replayed.
 */
export class CheckDeployError extends StashkitError {
  override name = "CheckDeployError";
}
