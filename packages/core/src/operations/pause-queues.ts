import type { MessagingClient } from "../clients/messaging-client.ts";
import { mapWithConcurrency } from "../lib/map-with-concurrency.ts";
import { validateQueueName } from "../schemas/inputs.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { DEFAULT_TARGET_CONCURRENCY, type PauseOutcome, sendPause, settle } from "./targets.ts";

export interface PauseQueuesInput extends CallOptions {
  names: readonly string[];
  /** How many queues are worked on at once. Default `DEFAULT_TARGET_CONCURRENCY` (8). */
  concurrency?: number;
}

/**
 * Reads the queue, then pauses it unless it already was. The read is what makes an automatic
 * resume safe: a queue someone paused on purpose is reported `alreadyPaused` and left alone.
 */
export function pauseQueue(client: MessagingClient, name: string, call: CallOptions): Promise<PauseOutcome> {
  const target = { kind: "queue", name } as const;
  return settle<PauseOutcome>(target, "name", async () => {
    const before = await client.queues.get(name, call);
    if (before.paused) return { ...target, outcome: "alreadyPaused", lag: before.lag };
    const lost = await sendPause(target, () => client.queues.pause(name, call));
    if (lost) return lost;
    return { ...target, outcome: "paused", lag: before.lag };
  });
}

/** The mirror of `resumeQueues`: every queue is tried; outcomes come back in the order given. */
export async function pauseQueues(client: MessagingClient, input: PauseQueuesInput): Promise<PauseOutcome[]> {
  const names = input.names.map((name) => validateQueueName(name, "queue name"));
  const call = { signal: input.signal, deadline: input.deadline };
  return mapWithConcurrency(names, input.concurrency ?? DEFAULT_TARGET_CONCURRENCY, (name) =>
    pauseQueue(client, name, call),
  );
}
