import type { Clock } from "./clock.ts";
import { backoffDelay, type RetryPolicy } from "./retry-policy.ts";

/**
 * What an operation that repeats a call of its own (ensure's create-then-check loop) may spend:
 * the client's attempts, backoff and deadline, handed out by the transport so the operation
 * needs neither the retry policy nor the clock.
 */
export class RetryBudget {
  readonly #policy: RetryPolicy;
  readonly #clock: Clock;
  readonly #deadlineAt: number;
  readonly #signal: AbortSignal | undefined;
  #attempts = 1;

  constructor(options: {
    policy: RetryPolicy;
    clock: Clock;
    deadlineAt: number;
    signal?: AbortSignal | undefined;
  }) {
    this.#policy = options.policy;
    this.#clock = options.clock;
    this.#deadlineAt = options.deadlineAt;
    this.#signal = options.signal;
  }

  /**
   * Waits the backoff before the next attempt, or throws `failure` when the attempts are spent
   * or the wait would pass the deadline.
   */
  async retryAfter(failure: unknown): Promise<void> {
    const delay = backoffDelay(this.#attempts, this.#policy, this.#clock.random);
    if (this.#attempts >= this.#policy.maxAttempts || this.#clock.now() + delay >= this.#deadlineAt) {
      throw failure;
    }
    this.#attempts++;
    await this.#clock.sleep(delay, this.#signal);
  }

  /** Waits until `time` (epoch ms); false, without waiting, when that is at or past the deadline. */
  async waitUntil(time: number): Promise<boolean> {
    if (time >= this.#deadlineAt) return false;
    const wait = time - this.#clock.now();
    if (wait > 0) await this.#clock.sleep(wait, this.#signal);
    return true;
  }

  now(): number {
    return this.#clock.now();
  }
}
