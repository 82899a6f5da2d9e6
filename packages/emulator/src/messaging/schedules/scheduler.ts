import { type Clock, ClockTimer } from "../../clock/clock.ts";
import type { MessagingStore, StoredSchedule } from "../store.ts";
import { type CronSchedule, parseCron } from "./cron.ts";

/**
 * After a long jump of the test clock, a schedule fires at most this many of the ticks it
 * missed; the rest are skipped as if it had been paused.
 */
export const MAX_CATCH_UP_TICKS = 100;

export interface SchedulerOptions {
  store: MessagingStore;
  clock: Clock;
  /** Publishes one message of a schedule for the tick at `at`. */
  fire(schedule: StoredSchedule, at: number): void;
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
    const { store, clock, fire } = this.#options;
    const now = clock.now();
    let fired = 0;
    let changed = false;
    for (const schedule of Object.values(store.data.schedules)) {
      let ticks = 0;
      while (schedule.nextScheduleTime <= now) {
        changed = true;
        if (schedule.isPaused || ticks >= MAX_CATCH_UP_TICKS) {
          schedule.nextScheduleTime = this.nextTick(schedule, now);
          break;
        }
        fire(schedule, schedule.nextScheduleTime);
        schedule.lastScheduleTime = schedule.nextScheduleTime;
        ticks++;
        fired++;
        schedule.nextScheduleTime = this.nextTick(schedule, schedule.nextScheduleTime);
      }
    }
    if (changed) store.commit();
    this.plan();
    return fired;
  }

  /** Arms the timer for the earliest tick of any active schedule. */
  plan(): void {
    let earliest: number | undefined;
    for (const schedule of Object.values(this.#options.store.data.schedules)) {
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
