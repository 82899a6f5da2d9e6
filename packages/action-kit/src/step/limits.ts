import { type ClientOptions, Deadline } from "@stashkit/core";
import { clientLimits, STEP_LIMITS, type StepLimits } from "@stashkit/core/internal";
import { readWholeNumber } from "../inputs.ts";
import { actionsLogger } from "../logger.ts";

export type { StepLimits };

/** The `max-attempts` and `timeout-seconds` inputs every action takes; defaults and bounds are core's. */
export function readStepLimits(): StepLimits {
  const { maxAttempts, timeoutSeconds } = STEP_LIMITS;
  return {
    maxAttempts: readWholeNumber("max-attempts", maxAttempts.default, maxAttempts.min, maxAttempts.max),
    timeoutSeconds: readWholeNumber(
      "timeout-seconds",
      timeoutSeconds.default,
      timeoutSeconds.min,
      timeoutSeconds.max,
    ),
  };
}

/** The one place `timeout-seconds` becomes a deadline; everything the step sends is held to it. */
export function stepDeadline(limits: StepLimits): Deadline {
  return Deadline.after(limits.timeoutSeconds * 1000);
}

/** Each attempt's share of the step's time limit: core's rule, the same as the CLI's. */
export function attemptTimeoutMs(limits: StepLimits): number {
  return clientLimits(limits).attemptTimeoutMs;
}

/** What every step's client shares: its retries, its deadline, its name in the user agent, the runner's log. */
export function stepClientOptions(action: string, limits: StepLimits, deadline: Deadline): ClientOptions {
  return { ...clientLimits(limits), deadline, userAgentSuffix: action, logger: actionsLogger };
}
