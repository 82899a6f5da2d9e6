import { z } from "zod";
import type { StorageEngine } from "../../storage/engine.ts";
import { type Table, valuesOf } from "../../storage/table.ts";
import { deliverySettings } from "../messages/record.ts";

export const storedSchedule = z.looseObject({
  scheduleId: z.string(),
  /** As given, including a `CRON_TZ=` prefix. */
  cron: z.string(),
  ...deliverySettings,
  retries: z.int().min(0),
  /** Delay of each produced message, in seconds. */
  delay: z.number().optional(),
  isPaused: z.boolean(),
  createdAt: z.number(),
  lastScheduleTime: z.number().optional(),
  /** Next cron time (emulator clock, ms); ticks before it have been handled. */
  nextScheduleTime: z.number(),
});

export type StoredSchedule = z.infer<typeof storedSchedule>;

/** Schedules by id, in the order they were made (an update keeps a schedule's place). */
export interface ScheduleStore {
  get(scheduleId: string): StoredSchedule | undefined;
  list(): StoredSchedule[];
  put(schedule: StoredSchedule): void;
  delete(scheduleId: string): boolean;
  clear(): void;
}

export function scheduleStore(engine: StorageEngine): ScheduleStore {
  return new ScheduleTable(engine.table<StoredSchedule>("messaging_schedules"));
}

class ScheduleTable implements ScheduleStore {
  readonly #table: Table<StoredSchedule>;

  constructor(table: Table<StoredSchedule>) {
    this.#table = table;
  }

  get(scheduleId: string): StoredSchedule | undefined {
    return this.#table.get(scheduleId);
  }

  list(): StoredSchedule[] {
    return [...valuesOf(this.#table.scan())];
  }

  put(schedule: StoredSchedule): void {
    this.#table.put(schedule.scheduleId, schedule);
  }

  delete(scheduleId: string): boolean {
    return this.#table.delete(scheduleId);
  }

  clear(): void {
    this.#table.clear();
  }
}
