import type { MessagingClient } from "../clients/messaging-client.ts";
import { mapWithConcurrency } from "../lib/map-with-concurrency.ts";
import { validateFlowControlKey, validateQueueName } from "../schemas/inputs.ts";
import type { Schedule } from "../schemas/schedule.ts";
import type { CallOptions } from "../transport/call-options.ts";
import {
  listSelectedSchedules,
  type ScheduleSelection,
  validateScheduleSelection,
} from "./select-schedules.ts";
import { DEFAULT_TARGET_CONCURRENCY, type PauseOutcome, type ResumeOutcome } from "./targets.ts";

export interface TargetsInput extends CallOptions {
  queues?: readonly string[];
  schedules?: ScheduleSelection;
  flowControlKeys?: readonly string[];
  /** How many targets are worked on at once, all kinds together. Default `DEFAULT_TARGET_CONCURRENCY` (8). */
  concurrency?: number;
}

/** Checks every name before anything is sent. */
export function validateTargets(input: TargetsInput): void {
  for (const name of input.queues ?? []) validateQueueName(name, "queue name");
  validateScheduleSelection(input.schedules);
  for (const key of input.flowControlKeys ?? []) validateFlowControlKey(key, "flow-control key");
}

/** What a pause or a resume does to one target of each kind. */
export interface TargetWork<O> {
  queue(client: MessagingClient, name: string, call: CallOptions): Promise<O>;
  schedule(client: MessagingClient, schedule: Schedule, call: CallOptions): Promise<O>;
  flowControlKey(client: MessagingClient, key: string, call: CallOptions): Promise<O>;
}

/**
 * The walk pause and resume share: checks every name, selects schedules from one listing, runs
 * each target's work bounded by `concurrency` across all kinds, and tries every target. Outcomes
 * come back as queues, schedules (listed order, then selectors that matched nothing, or that a
 * failed listing left unknown), flow-control keys.
 */
export async function runTargets<O extends PauseOutcome | ResumeOutcome>(
  client: MessagingClient,
  input: TargetsInput,
  work: TargetWork<O>,
): Promise<O[]> {
  validateTargets(input);
  const call = { signal: input.signal, deadline: input.deadline };
  const selected = await listSelectedSchedules(client, input.schedules ?? {}, call);
  const jobs: (() => Promise<O>)[] = [
    ...(input.queues ?? []).map((name) => () => work.queue(client, name, call)),
    ...("matched" in selected ? selected.matched : []).map(
      (schedule) => () => work.schedule(client, schedule, call),
    ),
    ...(input.flowControlKeys ?? []).map((key) => () => work.flowControlKey(client, key, call)),
  ];
  const outcomes = await mapWithConcurrency(jobs, input.concurrency ?? DEFAULT_TARGET_CONCURRENCY, (run) =>
    run(),
  );
  const scheduleEnd = outcomes.length - (input.flowControlKeys?.length ?? 0);
  const unselected =
    "matched" in selected
      ? selected.unmatched.map(({ by, value }) => ({ kind: "schedule", name: value, outcome: "missing", by }))
      : selected.selectors.map(({ value }) => ({
          kind: "schedule",
          name: value,
          outcome: "failed",
          error: selected.failed,
        }));
  return [...outcomes.slice(0, scheduleEnd), ...(unselected as O[]), ...outcomes.slice(scheduleEnd)];
}
