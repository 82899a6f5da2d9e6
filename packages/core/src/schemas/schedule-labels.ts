import type { Schedule } from "./schedule.ts";

// Apart from `schedule.ts` and its zod schema: selecting schedules by label is part of what the
// pause and resume steps load before they check their inputs, and that loads no zod.

/** The schedule's labels: `labels` when the API sends it, else the deprecated `label`, split on commas. */
export function scheduleLabels(schedule: Pick<Schedule, "label" | "labels">): string[] {
  if (schedule.labels !== undefined) return schedule.labels;
  if (schedule.label === undefined || schedule.label === "") return [];
  return schedule.label.split(",").map((label) => label.trim());
}
