import type { Clock } from "./clock.ts";

/**
 * Shared backoff for one origin. When the API turns a request away for its rate limit (429, or
 * 503 with Retry-After), every other request of the client to that origin, queued or retrying,
 * waits for the same moment instead of each discovering the limit on its own (as Octokit's
 * throttling plugin treats a secondary rate limit). Requests already on the wire cannot be
 * recalled; their retries wait at the gate too.
 *
 * Between 429s the gate also paces by the burst budget the messaging API announces on every
 * answer (`Burst-RateLimit-Remaining`, `Burst-RateLimit-Reset`): once the requests in flight
 * would use up what is left of the window, the next request waits for the window's reset.
 * Without those headers nothing is paced. The daily `RateLimit-*` family is not followed: waiting
 * for it would outlast any step.
 */
export class OriginGate {
  /** No request starts before this (epoch ms). */
  #openAt = 0;
  #inFlight = 0;
  /** Requests the server's current window still takes, less those already in flight; Infinity when unknown. */
  #allowance = Number.POSITIVE_INFINITY;
  #windowEndsAt = 0;

  /** When the next request may start: now, or a moment the gate waits for. */
  nextStart(now: number): number {
    if (now >= this.#windowEndsAt) this.#allowance = Number.POSITIVE_INFINITY;
    const paced = this.#allowance <= 0 ? this.#windowEndsAt : 0;
    return Math.max(now, this.#openAt, paced);
  }

  /**
   * Waits until a request may start, then counts it as in flight. Resolves `false` without
   * waiting when that moment is at or past `deadlineAt`; rejects if `signal` aborts the wait.
   */
  async enter(clock: Clock, deadlineAt: number, signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      const now = clock.now();
      const start = this.nextStart(now);
      if (start <= now) break;
      if (start >= deadlineAt) return false;
      await clock.sleep(start - now, signal);
    }
    this.#inFlight++;
    this.#allowance--;
    return true;
  }

  /** A request came back (or failed); `burst` is the budget its answer announced, if any. */
  leave(burst?: BurstBudget): void {
    this.#inFlight--;
    if (burst) {
      // Those still in flight will be counted against the same window.
      this.#allowance = burst.remaining - this.#inFlight;
      this.#windowEndsAt = burst.resetAt;
    }
  }

  /** Holds every request to the origin until `at` (epoch ms); a later hold extends it. */
  holdUntil(at: number): void {
    this.#openAt = Math.max(this.#openAt, at);
  }

  /** When the current hold ends (epoch ms); at or before now when there is none. */
  get openAt(): number {
    return this.#openAt;
  }
}

/** What the server says is left of its current rate-limit window. */
export interface BurstBudget {
  remaining: number;
  /** Epoch ms. */
  resetAt: number;
}

/** One gate per origin the client talks to. */
export class OriginGates {
  readonly #gates = new Map<string, OriginGate>();

  for(url: URL): OriginGate {
    let gate = this.#gates.get(url.origin);
    if (!gate) {
      gate = new OriginGate();
      this.#gates.set(url.origin, gate);
    }
    return gate;
  }
}
