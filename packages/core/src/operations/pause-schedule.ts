import type { MessagingClient } from "../clients/messaging-client.ts";
import type { Schedule } from "../schemas/schedule.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { type PauseOutcome, sendPause, settle } from "./targets.ts";

/** Pauses a listed schedule unless the listing showed it paused already. */
export function pauseSchedule(
  client: MessagingClient,
  schedule: Schedule,
  call: CallOptions,
): Promise<PauseOutcome> {
  const target = { kind: "schedule", name: schedule.scheduleId } as const;
  return settle<PauseOutcome>(target, "id", async () => {
    if (schedule.isPaused) return { ...target, outcome: "alreadyPaused", lag: undefined };
    const lost = await sendPause(target, () => client.schedules.pause(schedule.scheduleId, call));
    if (lost) return lost;
    return { ...target, outcome: "paused", lag: undefined };
  });
}
