import { controlErrors } from "../control/errors.ts";
import type { OverviewSources } from "./overview.ts";

// The payloads the editor starts from when it remembers none for the target: a schedule's body,
// or a DLQ entry's. Read on demand: the overview holds no body.

export function schedulePayload(sources: OverviewSources, scheduleId: string): string {
  const schedule = sources.stores.schedules.get(scheduleId);
  if (!schedule) throw controlErrors.notFound("schedule", scheduleId);
  return Buffer.from(schedule.body, "base64").toString("utf8");
}

export function dlqPayload(sources: OverviewSources, dlqId: string): string {
  const entry = sources.stores.dlq.get(dlqId);
  if (!entry) throw controlErrors.notFound("DLQ message", dlqId);
  return Buffer.from(entry.message.body, "base64").toString("utf8");
}
