/**
 * Each attempt gets a fair share of the step's time limit (at least 1 s, at most 30 s), so a
 * request that hangs leaves room for the retries the step allows.
 */
export function attemptTimeoutMs(timeoutSeconds: number, maxAttempts: number): number {
  return Math.round(Math.min(30_000, Math.max(1_000, (timeoutSeconds * 1000) / maxAttempts)));
}
