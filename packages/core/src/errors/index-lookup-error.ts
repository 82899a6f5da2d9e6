import { StashkitError } from "./stashkit-error.ts";

/**
 * An index named by an input is missing from the account, or several have its name: found by a
 * listing, so unlike a ConfigurationError it comes after a request was sent. `input` names the
 * input (`clone-from`, `--name`).
 */
export class IndexLookupError extends StashkitError {
  override name = "IndexLookupError";
  readonly input: string;
  /** How many indexes have the name: 0 (missing) or more than one. */
  readonly found: number;

  constructor(input: string, message: string, found: number) {
    super(message);
    this.input = input;
    this.found = found;
  }
}
