import { z } from "zod";
import type { AreaContext } from "../../state/area.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import { KeptNewest } from "../../storage/kept-newest.ts";
import { type RecordStore, recordStore } from "../../storage/record-store.ts";
import type { TableOptions } from "../../storage/table-declaration.ts";
import { cronProblem } from "./cron.ts";
import { deliverySettings, followUp } from "./message-record.ts";

export const storedSchedule = z.looseObject({
  scheduleId: z.string(),
  /** As given, including a `CRON_TZ=` prefix; readable (one that is not would stop every start). */
  cron: z.string().superRefine((expression, context) => {
    const problem = cronProblem(expression);
    if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
  }),
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

/**
 * Version 1 data files may hold a schedule whose cron cannot be read (a refused restore stored
 * it): it would stop every start, so the upgrade to version 2 drops it, saying so.
 */
const SCHEDULE_UPGRADES: NonNullable<TableOptions["upgrades"]> = {
  1: (row) => {
    const cron = row !== null && typeof row === "object" ? (row as { cron?: unknown }).cron : undefined;
    return typeof cron === "string" && cronProblem(cron) !== undefined ? undefined : row;
  },
};

/** Schedules by id, the newest `limits.keptSchedules` within `limits.keptScheduleBytes` (the oldest go first, said once). */
export function scheduleStore(engine: StorageEngine, context: AreaContext): ScheduleStore {
  const { limits } = context;
  const table = engine.table("messaging_schedules", storedSchedule, { upgrades: SCHEDULE_UPGRADES });
  const kept = new KeptNewest(table, engine.units, () => ({
    count: limits.keptSchedules,
    bytes: limits.keptScheduleBytes,
    dropping: () =>
      context.noticeOnce(
        "schedules",
        `the emulator keeps the newest ${limits.keptSchedules} schedules and ${limits.keptScheduleBytes} bytes of them (limits.keptSchedules, limits.keptScheduleBytes); older ones are dropped from now on`,
      ),
  }));
  return recordStore(kept, (schedule) => schedule.scheduleId);
}
