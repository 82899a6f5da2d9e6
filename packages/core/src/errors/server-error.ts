import { StashkitError } from "./stashkit-error.ts";

/** 5xx: the API failed; retried for idempotent calls. */
export class ServerError extends StashkitError {
  override name = "ServerError";
}
