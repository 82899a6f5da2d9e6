import type { MessagingClient } from "../clients/messaging-client.ts";
import type { MessageFilter } from "../resources/dead-letters.ts";
import { validateQueueName } from "../schemas/inputs.ts";
import type { MessageEvent } from "../schemas/messages.ts";
import type { Queue } from "../schemas/queue.ts";
import type { CallOptions } from "../transport/call-options.ts";

/** A message's last state in the logs, when it went into that state, and where it goes. */
export interface QueueMessage {
  messageId: string;
  state: string;
  /** When the message reached its state (ms since the epoch). */
  at: number;
  url: string | undefined;
  label: string | undefined;
}

/** States after which nothing more happens to a message (both spellings of cancelled). */
const FINISHED = new Set(["DELIVERED", "FAILED", "CANCELLED", "CANCELED"]);
/** Log events read at most: the logs hold every step of every message, so a busy queue is sampled. */
const MAX_EVENTS = 10_000;

export interface QueueMessagesInput extends CallOptions {
  queue: string;
  filter?: Pick<MessageFilter, "labels" | "urls">;
  /** Also the messages whose life ended (delivered, failed, cancelled) within the logs read. */
  all?: boolean;
}

/**
 * The messages of a queue, from the logs (the messaging API lists no queue's messages): the
 * queue is read first (a missing one fails), then its log events newest first, each message
 * taken at its newest event. By default only those still waiting, in delivery or between retries.
 */
export async function listQueueMessages(
  client: MessagingClient,
  input: QueueMessagesInput,
): Promise<{ queue: Queue; messages: QueueMessage[]; truncated: boolean }> {
  const name = validateQueueName(input.queue);
  const call = { deadline: input.deadline, signal: input.signal };
  const queue = await client.queues.get(name, call);
  const latest = new Map<string, MessageEvent>();
  let cursor: string | undefined;
  let read = 0;
  do {
    const page = await client.logs.list({ ...input.filter, queues: [name] }, cursor, call);
    for (const event of page.logs) if (!latest.has(event.messageId)) latest.set(event.messageId, event);
    read += page.logs.length;
    cursor = page.cursor || undefined;
  } while (cursor !== undefined && read < MAX_EVENTS);
  const messages = [...latest.values()]
    .filter((event) => input.all === true || !FINISHED.has(event.state))
    .map((event) => ({
      messageId: event.messageId,
      state: event.state,
      at: event.time,
      url: event.url,
      label: event.label,
    }));
  return { queue, messages, truncated: cursor !== undefined };
}
