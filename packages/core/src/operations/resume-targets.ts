import type { MessagingClient } from "../clients/messaging-client.ts";
import { mapWithConcurrency } from "../lib/map-with-concurrency.ts";
import type { Schedule } from "../schemas/schedule.ts";
import type { CallOptions } from "../transport/transport.ts";
import { type TargetsInput, validateTargets } from "./pause-targets.ts";
import { listSelectedSchedules } from "./select-schedules.ts";
import { type ResumeOutcome, settle, type Target } from "./targets.ts";

/** Resumes, then reads back: resume may answer 200 for a queue that does not exist. */
function resumeQueue(client: MessagingClient, name: string, call: CallOptions): Promise<ResumeOutcome> {
  const target = { kind: "queue", name } as const;
  return settle<ResumeOutcome>(target, "name", async () => {
    await client.queues.resume(name, call);
    const after = await client.queues.get(name, call);
    return { ...target, outcome: "resumed", paused: after.paused, lag: after.lag };
  });
}

/** The listing showed the schedule exists; resuming marks it active at once. */
function resumeSchedule(
  client: MessagingClient,
  schedule: Schedule,
  call: CallOptions,
): Promise<ResumeOutcome> {
  const target = { kind: "schedule", name: schedule.scheduleId } as const;
  return settle<ResumeOutcome>(target, "id", async () => {
    await client.schedules.resume(schedule.scheduleId, call);
    return { ...target, outcome: "resumed", paused: false, lag: undefined };
  });
}

function resumeFlowControlKey(
  client: MessagingClient,
  key: string,
  call: CallOptions,
): Promise<ResumeOutcome> {
  const target = { kind: "flow-control-key", name: key } as const;
  return settle<ResumeOutcome>(target, "name", async () => {
    await client.flowControl.resume(key, call);
    const after = await client.flowControl.get(key, call);
    return { ...target, outcome: "resumed", paused: after.isPaused, lag: after.waitListSize };
  });
}

/**
 * Resumes queues, schedules (selected from one listing) and flow-control keys, bounded by
 * `concurrency` across all of them. Every target is tried; outcomes come back as queues,
 * schedules (listed order, then selectors that matched nothing), flow-control keys.
 */
export async function resumeTargets(client: MessagingClient, input: TargetsInput): Promise<ResumeOutcome[]> {
  validateTargets(input);
  const call = { signal: input.signal, deadlineAt: input.deadlineAt };
  const selected = await listSelectedSchedules(client, input.schedules ?? {}, call);
  const work: (() => Promise<ResumeOutcome>)[] = [
    ...(input.queues ?? []).map((name) => () => resumeQueue(client, name, call)),
    ...("matched" in selected ? selected.matched : []).map(
      (schedule) => () => resumeSchedule(client, schedule, call),
    ),
    ...(input.flowControlKeys ?? []).map((key) => () => resumeFlowControlKey(client, key, call)),
  ];
  const outcomes = await mapWithConcurrency(work, input.concurrency ?? 8, (run) => run());
  const scheduleEnd = outcomes.length - (input.flowControlKeys?.length ?? 0);
  const unselected: ResumeOutcome[] =
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

/** The input that resumes exactly these targets (schedules by id), e.g. what a pause reported. */
export function targetsInput(targets: readonly Target[]): TargetsInput {
  const named = (kind: Target["kind"]) => targets.filter((t) => t.kind === kind).map((t) => t.name);
  return {
    queues: named("queue"),
    schedules: { ids: named("schedule") },
    flowControlKeys: named("flow-control-key"),
  };
}
