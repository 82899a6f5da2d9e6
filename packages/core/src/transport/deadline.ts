import { type Clock, systemClock } from "./clock.ts";

/**
 * One absolute point in time by which everything a step (or any caller) does must be done.
 * Created once from the caller's time limit and handed to the client unchanged; the transport
 * never lets an attempt, a backoff or a wait run past it.
 */
export class Deadline {
  /** Epoch milliseconds. */
  readonly at: number;

  constructor(at: number) {
    this.at = at;
  }

  /** The deadline `ms` from now on `clock`. */
  static after(ms: number, clock: Clock = systemClock): Deadline {
    return new Deadline(clock.now() + ms);
  }

  /** Milliseconds left on `clock`, never negative. */
  remainingMs(clock: Clock = systemClock): number {
    return Math.max(0, this.at - clock.now());
  }
}
