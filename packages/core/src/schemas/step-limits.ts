/** A step's (or a CLI command's) time limit and attempts per request. */
export interface StepLimits {
  timeoutSeconds: number;
  maxAttempts: number;
}

/**
 * The defaults and bounds of `timeout-seconds` / `--timeout-seconds` and `max-attempts` /
 * `--max-attempts`, for every action and every CLI command.
 */
export const STEP_LIMITS = {
  timeoutSeconds: { default: 120, min: 1, max: 3600 },
  maxAttempts: { default: 5, min: 1, max: 20 },
} as const satisfies Record<keyof StepLimits, { default: number; min: number; max: number }>;

/** Bounds on one attempt: a hung request must leave room for retries, yet never be cut short. */
const ATTEMPT_MS = { min: 1_000, max: 30_000 } as const;

/**
 * The client options a step's limits give: the attempts, and each attempt's fair share of the
 * time limit (1 s to 30 s). The deadline itself is the caller's, created once per step.
 */
export function clientLimits(limits: StepLimits): {
  retry: { maxAttempts: number };
  attemptTimeoutMs: number;
} {
  const share = (limits.timeoutSeconds * 1000) / limits.maxAttempts;
  return {
    retry: { maxAttempts: limits.maxAttempts },
    attemptTimeoutMs: Math.round(Math.min(ATTEMPT_MS.max, Math.max(ATTEMPT_MS.min, share))),
  };
}
