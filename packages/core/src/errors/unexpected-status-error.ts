import { StashkitError } from "./stashkit-error.ts";

/** Any other non-2xx status (405, 412, 3xx ...). */
export class UnexpectedStatusError extends StashkitError {
  override name = "UnexpectedStatusError";
}
