import { StashkitError } from "./stashkit-error.ts";

/** A setting or input is invalid; raised before anything is sent. `input` names it. */
export class ConfigurationError extends StashkitError {
  override name = "ConfigurationError";
  readonly input: string;

  constructor(input: string, message: string) {
    super(message);
    this.input = input;
  }
}
