import { controlErrors } from "../control/errors.ts";
import type { InspectedStores } from "./overview.ts";

// The payloads the editor starts from when it remembers none for the target: a schedule's body,
// or a DLQ entry's, read in the region the page names. Read on demand: the overview holds no body.

export function schedulePayload(stores: InspectedStores, scheduleId: string): string {
  const schedule = stores.schedules.get(scheduleId);
  if (!schedule) throw controlErrors.notFound("schedule", scheduleId);
  return Buffer.from(schedule.body, "base64").toString("utf8");
}

export function dlqPayload(stores: InspectedStores, dlqId: string): string {
  const entry = stores.dlq.get(dlqId);
  if (!entry) throw controlErrors.notFound("DLQ message", dlqId);
  return Buffer.from(entry.message.body, "base64").toString("utf8");
}
