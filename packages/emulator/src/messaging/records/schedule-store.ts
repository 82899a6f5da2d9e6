import { z } from "zod";
import type { StorageEngine } from "../../storage/engine.ts";
import { type RecordStore, recordStore } from "../../storage/record-store.ts";
import { deliverySettings, followUp } from "./message-record.ts";

export const storedSchedule = z.looseObject({
  scheduleId: z.string(),
  /** As given, including a `CRON_TZ=` prefix. */
  cron: z.string(),
  ...deliverySettings,
  retries: z.int().min(0),
  /** Delay of each produced message, in seconds. */
  delay: z.number().optional(),
  /** `Upstash-Callback` and `Upstash-Failure-Callback`, which each message it makes carries. */
  callback: followUp.optional(),
  failureCallback: followUp.optional(),
  isPaused: z.boolean(),
  createdAt: z.number(),
  lastScheduleTime: z.number().optional(),
  /** Next cron time (emulator clock, ms); ticks before it have been handled. */
  nextScheduleTime: z.number(),
});

export type StoredSchedule = z.infer<typeof storedSchedule>;

/** Schedules by id, in the order they were made (an update keeps a schedule's place). */
export type ScheduleStore = RecordStore<StoredSchedule>;

export function scheduleStore(engine: StorageEngine): ScheduleStore {
  return recordStore(engine.table<StoredSchedule>("messaging_schedules"), (schedule) => schedule.scheduleId);
}
