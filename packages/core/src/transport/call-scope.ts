import type { ApiRequest } from "./api-request.ts";
import type { Clock } from "./clock.ts";
import { abortedError, deadlineError } from "./stop-errors.ts";

/**
 * What stops one call, across its attempts and waits: the caller's signal and the deadline, as
 * signals for fetch and sleeps, and as checks that throw the matching error. Disposed when the
 * call ends, so its deadline timer never outlives it.
 */
export class CallScope {
  readonly request: ApiRequest;
  /** Epoch ms; Infinity when no deadline applies. */
  readonly deadlineAt: number;
  readonly callerSignal: AbortSignal | undefined;
  /** Aborts when the caller aborts or the deadline passes. */
  readonly stop: AbortSignal;
  readonly #deadline = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #clock: Clock;

  constructor(options: {
    request: ApiRequest;
    deadlineAt: number;
    signal: AbortSignal | undefined;
    clock: Clock;
  }) {
    this.request = options.request;
    this.deadlineAt = options.deadlineAt;
    this.callerSignal = options.signal;
    this.#clock = options.clock;
    this.#timer = Number.isFinite(this.deadlineAt)
      ? setTimeout(() => this.#deadline.abort(), Math.max(0, this.deadlineAt - this.#clock.now()))
      : undefined;
    this.stop = this.callerSignal
      ? AbortSignal.any([this.callerSignal, this.#deadline.signal])
      : this.#deadline.signal;
  }

  /** Throws when the caller aborted or the deadline has passed. */
  throwIfStopped(): void {
    this.throwIfAborted(undefined);
    if (this.#clock.now() >= this.deadlineAt) throw deadlineError(this.request, this.deadlineAt, undefined);
  }

  /** Throws when an abort signal fired (`cause` is what it interrupted): the caller's first, then the deadline's. */
  throwIfAborted(cause: unknown): void {
    if (this.callerSignal?.aborted) throw abortedError(this.request);
    if (this.#deadline.signal.aborted) throw deadlineError(this.request, this.deadlineAt, cause);
  }

  /** Waits `ms`; a wait the caller or the deadline cut short throws their error. */
  async sleep(ms: number): Promise<void> {
    try {
      await this.#clock.sleep(ms, this.stop);
    } catch {
      this.throwIfStopped();
    }
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }
}
