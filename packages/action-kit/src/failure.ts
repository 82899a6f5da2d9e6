import { AuthenticationError, ConfigurationError, StashkitError } from "@stashkit/core";
import * as core from "./runner/commands.ts";

export interface FailureHints {
  /** Masks the step's secrets in the failure line (and a stack in the debug log). */
  redact?: (text: string) => string;
  /** Said after an authentication failure: which inputs hold the credentials. */
  credentials: string;
  /** The credential inputs, to recognise an empty one. */
  credentialInputs: string[];
  /** Whether this run is a pull request from a fork (which gets no secrets). */
  forkPullRequest: boolean;
}

/** One line: what failed, the API's message, and what to do about it. */
export function failureLine(action: string, error: unknown, hints: FailureHints): string {
  const message = error instanceof Error ? error.message : `non-error thrown: ${String(error)}`;
  let advice = "";
  if (error instanceof AuthenticationError) {
    advice = ` Check ${hints.credentials}.`;
  } else if (error instanceof ConfigurationError && hints.credentialInputs.includes(error.input)) {
    advice = hints.forkPullRequest
      ? " This is a pull request from a fork: GitHub does not pass secrets to its workflows."
      : ` Pass it as an input or set ${hints.credentials}.`;
  } else if (!(error instanceof StashkitError) && error instanceof Error && error.stack) {
    core.debug(hints.redact ? hints.redact(error.stack) : error.stack);
  }
  const stop = advice && !/[.!?]$/.test(message) ? "." : "";
  const line = `${action}: ${message}${stop}${advice}`;
  return hints.redact ? hints.redact(line) : line;
}

/**
 * Runs the action's body and turns anything thrown, an Error or not, into a failed step
 * with exit code 1 and one clear line. Resolves to whether the body succeeded.
 */
export async function runStep(
  action: string,
  body: () => Promise<void>,
  hints: () => FailureHints,
): Promise<boolean> {
  try {
    await body();
    return true;
  } catch (error) {
    core.setFailed(failureLine(action, error, hints()));
    return false;
  }
}
