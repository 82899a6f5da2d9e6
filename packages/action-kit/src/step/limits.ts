import { type ClientOptions, Deadline } from "@stashkit/core";
import { readWholeNumber } from "../inputs.ts";
import { actionsLogger } from "../logger.ts";

export interface StepLimits {
  maxAttempts: number;
  timeoutSeconds: number;
}

/** The `max-attempts` and `timeout-seconds` inputs every action takes, with their defaults and bounds. */
export function readStepLimits(): StepLimits {
  return {
    maxAttempts: readWholeNumber("max-attempts", 5, 1, 20),
    timeoutSeconds: readWholeNumber("timeout-seconds", 120, 1, 3600),
  };
}

/** The one place `timeout-seconds` becomes a deadline; everything the step sends is held to it. */
export function stepDeadline(limits: StepLimits): Deadline {
  return Deadline.after(limits.timeoutSeconds * 1000);
}

/**
 * Each attempt gets a fair share of the step's time limit (at least 1 s, at most 30 s), so a
 * request that hangs leaves room for the retries the step allows.
 */
export function attemptTimeoutMs(limits: StepLimits): number {
  return Math.round(Math.min(30_000, Math.max(1_000, (limits.timeoutSeconds * 1000) / limits.maxAttempts)));
}

/** What every step's client shares: its retries, its deadline, its name in the user agent, the runner's log. */
export function stepClientOptions(action: string, limits: StepLimits, deadline: Deadline): ClientOptions {
  return {
    retry: { maxAttempts: limits.maxAttempts },
    attemptTimeoutMs: attemptTimeoutMs(limits),
    deadline,
    userAgentSuffix: action,
    logger: actionsLogger,
  };
}
