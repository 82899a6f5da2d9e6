export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends, in Unix seconds. */
  resetSeconds: number;
  /** Whole seconds until then, at least 1: the `Retry-After` value. */
  retryAfterSeconds: number;
}

/**
 * A request limit per window key (an API, or an index and a kind of route) over fixed one-second windows aligned to Unix seconds: the first
 * `limit` requests within a second are served, the rest of that second answered 429. A
 * fixed window (not a token bucket) because its reset is an exact Unix second, which is
 * what the rate-limit headers carry. Only served requests use up the window.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { second: number; served: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Takes one request from the key's window; `undefined` when there is no limit (0). */
  take(key: string, limit: number): RateDecision | undefined {
    if (limit <= 0) return undefined;
    const nowMs = this.#now();
    const second = Math.floor(nowMs / 1000);
    let window = this.#windows.get(key);
    if (!window || window.second !== second) {
      window = { second, served: 0 };
      this.#windows.set(key, window);
    }
    const allowed = window.served < limit;
    if (allowed) window.served++;
    const resetSeconds = second + 1;
    return {
      allowed,
      limit,
      remaining: limit - window.served,
      resetSeconds,
      retryAfterSeconds: Math.max(1, Math.ceil(resetSeconds - nowMs / 1000)),
    };
  }
}
