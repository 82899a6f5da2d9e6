import type { MessagingClient } from "../clients/messaging-client.ts";
import { NotFoundError, StashkitError } from "../errors/index.ts";
import { mapWithConcurrency } from "../lib/map-with-concurrency.ts";
import { validateQueueName } from "../schemas/inputs.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { DEFAULT_TARGET_CONCURRENCY } from "./targets.ts";

export type QueueOutcome =
  | { name: string; outcome: "resumed"; paused: boolean; lag: number | undefined }
  | { name: string; outcome: "missing" }
  | { name: string; outcome: "failed"; error: StashkitError };

export interface ResumeQueuesInput extends CallOptions {
  names: string[];
  /** How many queues are worked on at once. Default `DEFAULT_TARGET_CONCURRENCY` (8). */
  concurrency?: number;
}

/**
 * Resumes each queue, then reads it back: resume may answer 200 for a queue that does not
 * exist, and the read-back gives `paused` and `lag`. Every queue is tried; the outcome of
 * each is returned, in the order given, for the caller to judge.
 */
export async function resumeQueues(
  client: MessagingClient,
  input: ResumeQueuesInput,
): Promise<QueueOutcome[]> {
  const names = input.names.map((name) => validateQueueName(name, "queue name"));
  const call = { signal: input.signal, deadline: input.deadline };
  return mapWithConcurrency(
    names,
    input.concurrency ?? DEFAULT_TARGET_CONCURRENCY,
    async (name): Promise<QueueOutcome> => {
      try {
        await client.queues.resume(name, call);
        const queue = await client.queues.get(name, call);
        return { name, outcome: "resumed", paused: queue.paused, lag: queue.lag };
      } catch (error) {
        if (error instanceof NotFoundError) return { name, outcome: "missing" };
        if (error instanceof StashkitError) return { name, outcome: "failed", error };
        throw error;
      }
    },
  );
}
