import { z } from "zod";
import { LimitReached, type Limits } from "../../options/limits.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import { type RecordStore, recordStore } from "../../storage/record-store.ts";
import { type Table, type TableEntry, valuesOf } from "../../storage/table.ts";
import { type StoredMessage, storedMessage } from "./message-record.ts";

export const storedQueue = z.looseObject({
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  parallelism: z.int().min(1),
  paused: z.boolean(),
});

export type StoredQueue = z.infer<typeof storedQueue>;

/** The queues, in the order they were made; deleting one deletes the messages waiting in it. */
export type QueueStore = RecordStore<StoredQueue>;

/**
 * Every message not yet delivered: a queue's in its order (so a queue's lag is their count),
 * the others in the order they were published. Found by id in one step, whatever is held.
 */
export interface MessageStore {
  get(id: string): StoredMessage | undefined;
  has(id: string): boolean;
  /** Adds a new message at the end of its queue (made, parallelism 1, if missing) or of the others. */
  add(message: StoredMessage): void;
  /** Replaces a waiting message (its retry count, its next attempt), keeping its place. */
  update(message: StoredMessage): void;
  remove(id: string): boolean;
  /** The messages waiting in a queue, oldest first; `undefined`: those outside any queue. */
  waiting(queueName: string | undefined): IterableIterator<StoredMessage>;
  /** The same as entries keyed by id, each message read only when its `value` is. */
  waitingEntries(queueName: string | undefined): IterableIterator<TableEntry<StoredMessage>>;
  /** How many wait in the queue (its lag); `undefined`: outside any queue. */
  count(queueName: string | undefined): number;
  /** Every waiting message. */
  all(): IterableIterator<StoredMessage>;
  /** How many wait in all (queues and outside them). */
  total(): number;
  /** Refuses (`LimitReached`, 400) `adding` more messages past `limits.messages`. */
  roomFor(adding: number): void;
  clear(): void;
}

/** A queue's messages are the group of that name; messages outside queues, group "" (no queue is called that). */
const OUTSIDE_QUEUES = "";

/** Makes both stores on the engine: they share the queue's life (deleting a queue deletes its messages). */
export function queueStores(
  engine: StorageEngine,
  limits: Pick<Limits, "messages">,
): { queues: QueueStore; messages: MessageStore } {
  const queueTable = engine.table("messaging_queues", storedQueue);
  const messageTable = engine.table("messaging_messages", storedMessage);
  const records = recordStore(queueTable, (queue) => queue.name);
  const queues: QueueStore = {
    ...records,
    delete(name) {
      if (!records.delete(name)) return false;
      messageTable.deleteGroup(name);
      return true;
    },
    clear() {
      records.clear();
      messageTable.clear();
    },
  };
  return { queues, messages: new MessageTable(messageTable, queueTable, limits.messages) };
}

class MessageTable implements MessageStore {
  readonly #messages: Table<StoredMessage>;
  readonly #queues: Table<StoredQueue>;
  readonly #most: number;

  constructor(messages: Table<StoredMessage>, queues: Table<StoredQueue>, most: number) {
    this.#messages = messages;
    this.#queues = queues;
    this.#most = most;
  }

  get(id: string): StoredMessage | undefined {
    return this.#messages.get(id);
  }

  has(id: string): boolean {
    return this.#messages.has(id);
  }

  add(message: StoredMessage): void {
    const queueName = message.queueName;
    if (queueName !== undefined && !this.#queues.has(queueName)) {
      // Enqueueing to a queue that does not exist makes it, with parallelism 1, at the time the
      // message was made (the emulator's clock).
      this.#queues.put(queueName, {
        name: queueName,
        createdAt: message.createdAt,
        updatedAt: message.createdAt,
        parallelism: 1,
        paused: false,
      });
    }
    this.#messages.put(message.id, message, queueName ?? OUTSIDE_QUEUES);
  }

  update(message: StoredMessage): void {
    if (this.#messages.has(message.id)) {
      this.#messages.put(message.id, message, message.queueName ?? OUTSIDE_QUEUES);
    }
  }

  remove(id: string): boolean {
    return this.#messages.delete(id);
  }

  waiting(queueName: string | undefined): IterableIterator<StoredMessage> {
    return valuesOf(this.#messages.scan({ group: queueName ?? OUTSIDE_QUEUES }));
  }

  /** The messages waiting in a queue as entries keyed by id. */
  waitingEntries(queueName: string | undefined): IterableIterator<TableEntry<StoredMessage>> {
    return this.#messages.scan({ group: queueName ?? OUTSIDE_QUEUES });
  }

  count(queueName: string | undefined): number {
    return this.#messages.count(queueName ?? OUTSIDE_QUEUES);
  }

  roomFor(adding: number): void {
    if (this.#messages.count() + adding > this.#most) {
      throw new LimitReached("messages", this.#most, "messages waiting");
    }
  }

  all(): IterableIterator<StoredMessage> {
    return valuesOf(this.#messages.scan());
  }

  total(): number {
    return this.#messages.count();
  }

  clear(): void {
    this.#messages.clear();
  }
}
