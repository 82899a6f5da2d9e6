import { type Clock, ClockTimer } from "../../clock/clock.ts";
import { type CronSchedule, parseCron } from "../records/cron.ts";
import type { ScheduleStore, StoredSchedule } from "../records/schedule-store.ts";

/**
 * After a long jump of the test clock, a schedule fires at most this many of the ticks it
 * missed; the rest are skipped as if it had been paused.
 */
export const MAX_CATCH_UP_TICKS = 100;

export interface SchedulerOptions {
  schedules: ScheduleStore;
  clock: Clock;
  /** Publishes one message of a schedule for the tick at `at`. */
  fire(schedule: StoredSchedule, at: number): void;
  /** Runs the ticks of one run (and the messages they make) as one unit of work. */
  background<T>(work: () => T): T;
}

/**
 * Fires schedules on their cron ticks, read on the emulator clock: a real timer wakes at the
 * next tick, and advancing the test clock fires every tick it passes over. A paused schedule's
 * ticks are ignored (documented), so resuming does not replay them.
 */
export class Scheduler {
  readonly #options: SchedulerOptions;
  readonly #timer: ClockTimer;
  readonly #parsed = new Map<string, CronSchedule>();

  constructor(options: SchedulerOptions) {
    this.#options = options;
    this.#timer = new ClockTimer(options.clock, () => this.run());
  }

  /** The first tick after `after` for this schedule's cron. */
  nextTick(schedule: Pick<StoredSchedule, "cron">, after: number): number {
    // A valid expression with no future tick (e.g. 30 February) never fires.
    let cron = this.#parsed.get(schedule.cron);
    if (!cron) {
      cron = parseCron(schedule.cron);
      this.#parsed.set(schedule.cron, cron);
    }
    return cron.next(after) ?? Number.MAX_SAFE_INTEGER;
  }

  /** Fires every tick that is due and plans the wake-up for the next one. Returns how many fired. */
  run(): number {
    const { schedules, clock } = this.#options;
    const now = clock.now();
    let fired = 0;
    for (const schedule of schedules.list()) {
      if (schedule.nextScheduleTime > now) continue;
      // Each schedule's ticks are a unit of their own: one that cannot fire leaves the others.
      fired += this.#options.background(() => {
        const ticked = this.#tick(schedule, now);
        schedules.put(ticked.schedule);
        return ticked.fired;
      });
    }
    this.plan();
    return fired;
  }

  /** Fires a schedule's ticks up to `now` (at most `MAX_CATCH_UP_TICKS`); answers it moved on. */
  #tick(schedule: StoredSchedule, now: number): { schedule: StoredSchedule; fired: number } {
    let current = schedule;
    let fired = 0;
    while (current.nextScheduleTime <= now) {
      if (current.isPaused || fired >= MAX_CATCH_UP_TICKS) {
        return { schedule: { ...current, nextScheduleTime: this.nextTick(current, now) }, fired };
      }
      this.#options.fire(current, current.nextScheduleTime);
      fired++;
      current = {
        ...current,
        lastScheduleTime: current.nextScheduleTime,
        nextScheduleTime: this.nextTick(current, current.nextScheduleTime),
      };
    }
    return { schedule: current, fired };
  }

  /** Arms the timer for the earliest tick of any active schedule. */
  plan(): void {
    let earliest: number | undefined;
    for (const schedule of this.#options.schedules.list()) {
      if (schedule.isPaused) continue;
      if (earliest === undefined || schedule.nextScheduleTime < earliest)
        earliest = schedule.nextScheduleTime;
    }
    this.#timer.at(earliest);
  }

  stop(): void {
    this.#timer.cancel();
  }
}
