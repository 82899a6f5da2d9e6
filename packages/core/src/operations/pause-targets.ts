import type { MessagingClient } from "../clients/messaging-client.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { pauseFlowControlKey } from "./pause-flow-control-key.ts";
import { pauseQueue } from "./pause-queues.ts";
import { pauseSchedule } from "./pause-schedule.ts";
import { runTargets, type TargetsInput } from "./run-targets.ts";
import type { ScheduleSelection } from "./select-schedules.ts";
import type { PauseOutcome } from "./targets.ts";

export { type TargetsInput, validateTargets } from "./run-targets.ts";

/**
 * Pauses queues, schedules and flow-control keys, reading each first so what was already paused
 * is reported as such and left alone. Schedules are selected from one listing. Every target is
 * tried; outcomes come back as queues, schedules (listed order, then selectors that matched
 * nothing), flow-control keys.
 */
export function pauseTargets(client: MessagingClient, input: TargetsInput): Promise<PauseOutcome[]> {
  return runTargets<PauseOutcome>(client, input, {
    queue: pauseQueue,
    schedule: pauseSchedule,
    flowControlKey: pauseFlowControlKey,
  });
}

/** Selects schedules from one listing and pauses each that is active. */
export function pauseSchedules(
  client: MessagingClient,
  input: CallOptions & { selection: ScheduleSelection; concurrency?: number },
): Promise<PauseOutcome[]> {
  const { selection, ...rest } = input;
  return pauseTargets(client, { ...rest, schedules: selection });
}

export function pauseFlowControlKeys(
  client: MessagingClient,
  input: CallOptions & { keys: readonly string[]; concurrency?: number },
): Promise<PauseOutcome[]> {
  const { keys, ...rest } = input;
  return pauseTargets(client, { ...rest, flowControlKeys: keys });
}
