import { HttpError } from "../../http/reply.ts";
import type { MessagingData, StoredQueue } from "../store.ts";

const QUEUE_NAME = /^[A-Za-z0-9._-]+$/;

/** Queue names may only hold letters, digits, `-`, `.` and `_` (documented wording below). */
export function validQueueName(name: unknown): string {
  if (typeof name !== "string" || !QUEUE_NAME.test(name)) {
    throw new HttpError(
      400,
      "Queue name is invalid. Queue names can only contain alphanumeric characters, hyphens, periods, and underscores.",
    );
  }
  return name;
}

/** The named queue; enqueueing to a queue that does not exist creates it with parallelism 1. */
export function ensureQueue(data: MessagingData, name: string, now: number): StoredQueue {
  let queue = data.queues[name];
  if (!queue) {
    queue = { name, createdAt: now, updatedAt: now, parallelism: 1, paused: false, messages: [] };
    data.queues[name] = queue;
  }
  return queue;
}
