import type { Api } from "../routes.ts";

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
 * Per-API request limit over fixed one-second windows aligned to Unix seconds: the first
 * `limit` requests within a second are served, the rest of that second answered 429. A
 * fixed window (not a token bucket) because its reset is an exact Unix second, which is
 * what the rate-limit headers carry. Only served requests use up the window.
 */
export class RateLimiter {
  readonly #windows = new Map<Api, { second: number; served: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Takes one request from the API's window; `undefined` when the API has no limit (0). */
  take(api: Api, limit: number): RateDecision | undefined {
    if (limit <= 0) return undefined;
    const nowMs = this.#now();
    const second = Math.floor(nowMs / 1000);
    let window = this.#windows.get(api);
    if (!window || window.second !== second) {
      window = { second, served: 0 };
      this.#windows.set(api, window);
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

/**
 * The messaging API's rate-limit headers. The real API's `RateLimit-*` family describes a
 * daily quota; the emulator has only the per-second window, so both families describe it.
 */
export function messagingRateHeaders(decision: RateDecision): Record<string, string> {
  const values = {
    Limit: String(decision.limit),
    Remaining: String(decision.remaining),
    Reset: String(decision.resetSeconds),
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    headers[`burst-ratelimit-${name.toLowerCase()}`] = value;
    headers[`ratelimit-${name.toLowerCase()}`] = value;
  }
  return headers;
}
