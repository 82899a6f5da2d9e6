import type { MessagingClient } from "../clients/messaging-client.ts";
import type { Schedule } from "../schemas/schedule.ts";
import { targetsSelection } from "../schemas/target-selection.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { runTargets, type TargetsInput } from "./run-targets.ts";
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
export function resumeTargets(client: MessagingClient, input: TargetsInput): Promise<ResumeOutcome[]> {
  return runTargets<ResumeOutcome>(client, input, {
    queue: resumeQueue,
    schedule: resumeSchedule,
    flowControlKey: resumeFlowControlKey,
  });
}

/** The input that resumes exactly these targets (schedules by id), e.g. what a pause reported. */
export function targetsInput(targets: readonly Target[]): TargetsInput {
  return targetsSelection(targets);
}
