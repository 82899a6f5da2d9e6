import type { MessagingClient } from "../clients/messaging-client.ts";
import { mapWithConcurrency } from "../lib/map-with-concurrency.ts";
import { validateFlowControlKey, validateQueueName } from "../schemas/inputs.ts";
import type { CallOptions } from "../transport/transport.ts";
import { pauseFlowControlKey } from "./pause-flow-control-key.ts";
import { pauseQueue } from "./pause-queues.ts";
import { pauseSchedule } from "./pause-schedule.ts";
import {
  listSelectedSchedules,
  type ScheduleSelection,
  validateScheduleSelection,
} from "./select-schedules.ts";
import type { PauseOutcome } from "./targets.ts";

export interface TargetsInput extends CallOptions {
  queues?: readonly string[];
  schedules?: ScheduleSelection;
  flowControlKeys?: readonly string[];
  /** How many targets are worked on at once, all kinds together. Default 8. */
  concurrency?: number;
}

/** Checks every name before anything is sent. */
export function validateTargets(input: TargetsInput): void {
  for (const name of input.queues ?? []) validateQueueName(name, "queue name");
  validateScheduleSelection(input.schedules);
  for (const key of input.flowControlKeys ?? []) validateFlowControlKey(key, "flow-control key");
}

/**
 * Pauses queues, schedules and flow-control keys, reading each first so what was already paused
 * is reported as such and left alone. Schedules are selected from one listing. Every target is
 * tried; outcomes come back as queues, schedules (listed order, then selectors that matched
 * nothing), flow-control keys.
 */
export async function pauseTargets(client: MessagingClient, input: TargetsInput): Promise<PauseOutcome[]> {
  validateTargets(input);
  const call = { signal: input.signal, deadlineAt: input.deadlineAt };
  const selected = await listSelectedSchedules(client, input.schedules ?? {}, call);
  const work: (() => Promise<PauseOutcome>)[] = [
    ...(input.queues ?? []).map((name) => () => pauseQueue(client, name, call)),
    ...("matched" in selected ? selected.matched : []).map(
      (schedule) => () => pauseSchedule(client, schedule, call),
    ),
    ...(input.flowControlKeys ?? []).map((key) => () => pauseFlowControlKey(client, key, call)),
  ];
  const outcomes = await mapWithConcurrency(work, input.concurrency ?? 8, (run) => run());
  const scheduleEnd = outcomes.length - (input.flowControlKeys?.length ?? 0);
  const unselected: PauseOutcome[] =
    "matched" in selected
      ? selected.unmatched.map(({ by, value }) => ({ kind: "schedule", name: value, outcome: "missing", by }))
      : selected.selectors.map(({ value }) => ({
          kind: "schedule",
          name: value,
          outcome: "failed",
          error: selected.failed,
        }));
  return [...outcomes.slice(0, scheduleEnd), ...unselected, ...outcomes.slice(scheduleEnd)];
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
