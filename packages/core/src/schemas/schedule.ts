import * as z from "zod";

/**
 * A schedule as the product reads it (the public `Schedule` schema): `scheduleId`, `destination`
 * and `isPaused` are needed to select and pause it; the rest is reported when present.
 * `label` is the deprecated single-string form of `labels`.
 */
export const scheduleSchema = z.looseObject({
  scheduleId: z.string().min(1),
  destination: z.string(),
  isPaused: z.boolean(),
  cron: z.string().optional().catch(undefined),
  createdAt: z.number().optional().catch(undefined),
  method: z.string().optional().catch(undefined),
  queueName: z.string().optional().catch(undefined),
  flowControlKey: z.string().optional().catch(undefined),
  label: z.string().optional().catch(undefined),
  labels: z.array(z.string()).optional().catch(undefined),
  lastScheduleTime: z.number().optional().catch(undefined),
  nextScheduleTime: z.number().optional().catch(undefined),
});

export type Schedule = z.output<typeof scheduleSchema>;
export const scheduleListSchema = z.array(scheduleSchema);

/** The schedule's labels: `labels` when the API sends it, else the deprecated `label`, split on commas. */
export function scheduleLabels(schedule: Schedule): string[] {
  if (schedule.labels !== undefined) return schedule.labels;
  if (schedule.label === undefined || schedule.label === "") return [];
  return schedule.label.split(",").map((label) => label.trim());
}
