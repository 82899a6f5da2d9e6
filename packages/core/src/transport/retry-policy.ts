import { ConfigurationError } from "../errors/index.ts";

/** When and how long to retry, as data. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Backoff: a random wait in [0, min(maxDelayMs, baseDelayMs * 2^(attempt-1))] ("full jitter"). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Waits the server asks for (Retry-After, rate-limit reset) are clamped to this. */
  maxServerDelayMs: number;
  retryStatuses: readonly number[];
  /** Network error codes worth another attempt. */
  retryCodes: readonly string[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 5,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  maxServerDelayMs: 60_000,
  retryStatuses: Object.freeze([408, 429, 500, 502, 503, 504]),
  retryCodes: Object.freeze([
    "ECONNRESET",
    "ECONNREFUSED",
    "EPIPE",
    "ETIMEDOUT",
    "ENOTFOUND",
    "EAI_AGAIN",
    "UND_ERR_SOCKET",
    "UND_ERR_CONNECT_TIMEOUT",
    "UND_ERR_HEADERS_TIMEOUT",
    "UND_ERR_BODY_TIMEOUT",
    "UND_ERR_CLOSED",
  ]),
});

/**
 * Failures after which the request certainly never reached the API: safe to repeat even for
 * a call that is not idempotent (create). A reset or timeout after sending is not among them.
 */
export const NOT_SENT_CODES: readonly string[] = [
  "ECONNREFUSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
];

export function resolveRetryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  wholeNumberIn("retry.maxAttempts", policy.maxAttempts, 1, 50);
  wholeNumberIn("retry.baseDelayMs", policy.baseDelayMs, 0, 600_000);
  wholeNumberIn("retry.maxDelayMs", policy.maxDelayMs, 0, 600_000);
  wholeNumberIn("retry.maxServerDelayMs", policy.maxServerDelayMs, 0, 600_000);
  return policy;
}

/** `value` when it is a whole number in [min, max]; otherwise a ConfigurationError naming `input`. */
export function wholeNumberIn(input: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigurationError(
      input,
      `${input} must be a whole number from ${min} to ${max}; got ${value}`,
    );
  }
  return value;
}

/** What went wrong in one attempt, as far as the retry decision cares. */
export type AttemptFailure =
  | { kind: "status"; status: number; serverDelayMs: number | undefined }
  | { kind: "network"; code: string | undefined }
  | { kind: "attempt-timeout" }
  /** A 2xx answer whose body could not be read (not JSON, missing fields). */
  | { kind: "invalid-body" };

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/**
 * The one place that decides whether to try again and after how long, in a fixed order:
 * attempts left -> is the failure retryable -> is it safe for this call -> how long to wait.
 */
export function decideRetry(input: {
  attempt: number;
  policy: RetryPolicy;
  idempotent: boolean;
  failure: AttemptFailure;
  random: () => number;
}): RetryDecision {
  const { attempt, policy, idempotent, failure } = input;
  if (attempt >= policy.maxAttempts) return { retry: false };
  switch (failure.kind) {
    case "status": {
      if (!policy.retryStatuses.includes(failure.status)) return { retry: false };
      // A 429 means the request was turned away unprocessed; other statuses may follow a side effect.
      if (!idempotent && failure.status !== 429) return { retry: false };
      return { retry: true, delayMs: failure.serverDelayMs ?? backoffDelay(attempt, policy, input.random) };
    }
    case "network": {
      if (failure.code === undefined || !policy.retryCodes.includes(failure.code)) return { retry: false };
      if (!idempotent && !NOT_SENT_CODES.includes(failure.code)) return { retry: false };
      return { retry: true, delayMs: backoffDelay(attempt, policy, input.random) };
    }
    case "attempt-timeout":
    case "invalid-body":
      // Either may follow a side effect, so only an idempotent call is tried again.
      return idempotent
        ? { retry: true, delayMs: backoffDelay(attempt, policy, input.random) }
        : { retry: false };
  }
}

/**
 * Whether a failed attempt may have changed something on the server: any transient status but
 * 429 (which is turned away unprocessed), any 5xx, a timeout, a connection lost after sending,
 * or a 2xx whose body could not be read. The same classification `decideRetry` uses for calls
 * that are not idempotent, told to the caller through the error.
 */
export function mayHaveTakenEffect(failure: AttemptFailure, policy: RetryPolicy): boolean {
  switch (failure.kind) {
    case "status":
      return (
        failure.status >= 500 || (failure.status !== 429 && policy.retryStatuses.includes(failure.status))
      );
    case "network":
      return failure.code === undefined || !NOT_SENT_CODES.includes(failure.code);
    case "attempt-timeout":
    case "invalid-body":
      return true;
  }
}

/** Exponential backoff with full jitter. `attempt` is the attempt that just failed (1-based). */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}
