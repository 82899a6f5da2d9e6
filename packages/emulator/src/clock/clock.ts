/**
 * The emulator's messaging clock: real time plus an offset that tests move forward
 * (`POST /__stashkit/clock/advance`). Delays, not-before times, retry backoff, deduplication
 * windows and cron ticks all read it, so a test can jump over an hour-long delay or the next
 * cron minute without waiting. Signatures use real time: receivers check them against theirs.
 */
export class Clock {
  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("the clock only moves forward");
    this.#offsetMs += ms;
  }
}

/**
 * One re-armable timer that fires at an emulator-clock time. `setTimeout` cannot wait more
 * than about 24.8 days, so long waits are cut into steps that re-plan on waking.
 */
export class ClockTimer {
  static readonly #longestWaitMs = 60 * 60 * 1000;
  readonly #clock: Clock;
  readonly #fire: () => void;
  #timer: NodeJS.Timeout | undefined;

  constructor(clock: Clock, fire: () => void) {
    this.#clock = clock;
    this.#fire = fire;
  }

  /** Fires at `at` (emulator clock), replacing any earlier plan; `undefined` cancels. */
  at(at: number | undefined): void {
    this.cancel();
    if (at === undefined) return;
    const wait = Math.max(0, at - this.#clock.now());
    const step = Math.min(wait, ClockTimer.#longestWaitMs);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (step < wait) this.at(at);
      else this.#fire();
    }, step);
  }

  cancel(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
