import { setTimeout as sleep } from "node:timers/promises";
import type { MessagingClient } from "../clients/messaging-client.ts";
import { DeadlineExceededError } from "../errors/deadline-error.ts";
import type { CallOptions } from "../transport/call-options.ts";

export interface WaitQueuesEmptyOptions extends CallOptions {
  /** Between two readings of the queues. Default 2 s. */
  pollMs?: number | undefined;
  /** Each reading: the messages still waiting, over every queue. */
  onProgress?: ((waiting: number) => void) | undefined;
}

export interface WaitQueuesEmptyResult {
  /** Every queue was empty at the last reading. */
  drained: boolean;
  /** Messages still waiting at the last reading. */
  waiting: number;
  /** The queues that still held messages, and which of them are paused (they never empty). */
  queues: { name: string; lag: number; paused: boolean }[];
}

/**
 * Reads the account's queues until none holds a message, bounded by the caller's deadline: it
 * stops while one more reading still fits before it (or, when a slow reading is cut short by the
 * deadline, with what the reading before saw), rather than ending the call with the deadline's
 * error. A paused queue that holds messages never empties: it ends the wait at once,
 * named, instead of waiting for the deadline.
 */
export async function waitQueuesEmpty(
  client: MessagingClient,
  options: WaitQueuesEmptyOptions = {},
): Promise<WaitQueuesEmptyResult> {
  const call = { deadline: options.deadline, signal: options.signal };
  const pollMs = options.pollMs ?? 2_000;
  let last: WaitQueuesEmptyResult | undefined;
  for (;;) {
    const started = Date.now();
    let queues: WaitQueuesEmptyResult["queues"];
    try {
      queues = (await client.queues.list(call))
        .map(({ name, lag, paused }) => ({ name, lag: lag ?? 0, paused }))
        .filter((queue) => queue.lag > 0);
    } catch (error) {
      // A reading the deadline cut short (a slow answer): what the last one saw is the answer.
      if (error instanceof DeadlineExceededError && last !== undefined) return last;
      throw error;
    }
    const waiting = queues.reduce((sum, queue) => sum + queue.lag, 0);
    options.onProgress?.(waiting);
    last = { drained: waiting === 0, waiting, queues };
    if (waiting === 0) return last;
    const reading = Date.now() - started;
    const left = options.deadline?.remainingMs() ?? Number.POSITIVE_INFINITY;
    if (queues.some((queue) => queue.paused) || left < pollMs + 2 * reading) return last;
    await sleep(pollMs, undefined, { signal: options.signal });
  }
}
