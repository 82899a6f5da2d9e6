/**
 * The emulator's messaging clock: real time plus an offset that tests move forward
 * (`POST /__stashkit/clock/advance`). Delays, not-before times, retry backoff, deduplication
 * windows and cron ticks all read it, so a test can jump over an hour-long delay or the next
 * cron minute without waiting. Signatures use real time: receivers check them against theirs.
 */
export class Clock {
  /**
   * The latest time the clock reaches: the end of year 9999, the last a four-digit ISO date
   * shows. Far past it times stop being dates at all (`toISOString` throws, a 500).
   */
  static readonly LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
  static readonly LATEST_TEXT = new Date(Clock.LATEST).toISOString();

  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** How far the clock may still move: to `Clock.LATEST`. */
  remainingMs(): number {
    return Math.max(0, Clock.LATEST - this.now());
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("the clock only moves forward");
    if (ms > this.remainingMs()) throw new RangeError(Clock.pastLatest(this.remainingMs()));
    this.#offsetMs += ms;
  }

  /** Why an advance of more than `remainingMs` is refused, naming the bound. */
  static pastLatest(remainingMs: number): string {
    const days = Math.floor(remainingMs / 86_400_000);
    return `the clock cannot move past ${Clock.LATEST_TEXT}: at most ${days} days from its now (${remainingMs} ms)`;
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
