import { StashkitError } from "./stashkit-error.ts";

/** 401 or 403: the credentials were refused or lack permission. */
export class AuthenticationError extends StashkitError {
  override name = "AuthenticationError";
}
