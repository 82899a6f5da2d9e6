import type { ClientOptions } from "@stashkit/core";
import { readWholeNumber } from "./inputs.ts";
import { actionsLogger } from "./logger.ts";
import { attemptTimeoutMs } from "./timeouts.ts";

export interface StepLimits {
  maxAttempts: number;
  timeoutSeconds: number;
}

/** What every step's client shares: its retries and time limits, its name in the user agent, the runner's log. */
export function stepClientOptions(action: string, limits: StepLimits): ClientOptions {
  return {
    retry: { maxAttempts: limits.maxAttempts },
    attemptTimeoutMs: attemptTimeoutMs(limits.timeoutSeconds, limits.maxAttempts),
    deadlineMs: limits.timeoutSeconds * 1000,
    userAgentSuffix: action,
    logger: actionsLogger,
  };
}

/** The `max-attempts` and `timeout-seconds` inputs every action takes, with their defaults and bounds. */
export function readStepLimits(): StepLimits {
  return {
    maxAttempts: readWholeNumber("max-attempts", 5, 1, 20),
    timeoutSeconds: readWholeNumber("timeout-seconds", 120, 1, 3600),
  };
}
