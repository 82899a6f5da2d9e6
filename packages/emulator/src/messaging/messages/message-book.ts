import { createHash, randomUUID } from "node:crypto";
import type { Clock } from "../../clock/clock.ts";
import { DEFAULT_RETRIES } from "../delivery/backoff.ts";
import type { MessageHeaders } from "../publish/message-headers.ts";
import { ensureQueue } from "../queues/queue-names.ts";
import type { MessagingStore, StoredMessage } from "../store.ts";

/** Documented: a repeated deduplication id within ten minutes is ignored. */
const DEDUPLICATION_WINDOW_MS = 10 * 60 * 1000;

export interface NewMessage {
  destination: string;
  body: Buffer;
  settings: MessageHeaders;
  queueName?: string;
  scheduleId?: string;
  callerIp?: string;
  topicName?: string;
  endpointName?: string;
}

export type Accepted =
  | { messageId: string; deduplicated: false; message: StoredMessage }
  | { messageId: string; deduplicated: true };

/**
 * Every message not yet delivered: those enqueued live in their queue (so a queue's lag is
 * its list's length), the others in `state.messages`. Callers commit after changing it.
 */
export class MessageBook {
  readonly #store: MessagingStore;
  readonly #clock: Clock;

  constructor(store: MessagingStore, clock: Clock) {
    this.#store = store;
    this.#clock = clock;
  }

  /** Stores a new message, or answers the earlier one's id when it is a duplicate. */
  accept(input: NewMessage): Accepted {
    const now = this.#clock.now();
    const { settings } = input;
    const dedupKey = this.#deduplicationKey(input);
    if (dedupKey !== undefined) {
      const earlier = this.#store.data.deduplication[dedupKey];
      if (earlier && earlier.expiresAt > now) return { messageId: earlier.messageId, deduplicated: true };
    }
    const message: StoredMessage = {
      id: `msg_${randomUUID().replaceAll("-", "")}`,
      destination: input.destination,
      method: settings.method ?? "POST",
      headers: settings.forwarded,
      body: input.body.toString("base64"),
      createdAt: now,
      notBefore: settings.notBefore ?? (settings.delayMs === undefined ? 0 : now + settings.delayMs),
      maxRetries: settings.retries ?? DEFAULT_RETRIES,
      retried: 0,
      nextAttemptAt: 0,
      ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
      ...(settings.retryDelayExpression === undefined
        ? {}
        : { retryDelayExpression: settings.retryDelayExpression }),
      ...(input.queueName === undefined ? {} : { queueName: input.queueName }),
      ...(input.scheduleId === undefined ? {} : { scheduleId: input.scheduleId }),
      ...(settings.labels === undefined ? {} : { labels: settings.labels }),
      ...(settings.flowControlKey === undefined ? {} : { flowControlKey: settings.flowControlKey }),
      ...(settings.flowControl === undefined ? {} : { flowControl: settings.flowControl }),
      ...(input.callerIp === undefined ? {} : { callerIp: input.callerIp }),
      ...(input.topicName === undefined ? {} : { topicName: input.topicName }),
      ...(input.endpointName === undefined ? {} : { endpointName: input.endpointName }),
      ...(settings.callback === undefined ? {} : { callback: settings.callback }),
      ...(settings.failureCallback === undefined ? {} : { failureCallback: settings.failureCallback }),
      ...(settings.workflow === undefined
        ? {}
        : { workflow: { runId: settings.workflow.runId, callType: settings.workflow.callType } }),
    };
    this.add(message);
    if (dedupKey !== undefined) {
      this.#forgetExpired(now);
      this.#store.data.deduplication[dedupKey] = {
        messageId: message.id,
        expiresAt: now + DEDUPLICATION_WINDOW_MS,
      };
    }
    return { messageId: message.id, deduplicated: false, message };
  }

  /** Puts a message at the end of its queue (created if missing) or of the unqueued list. */
  add(message: StoredMessage): void {
    const state = this.#store.data;
    if (message.queueName === undefined) state.messages.push(message);
    else ensureQueue(state, message.queueName, Date.now()).messages.push(message);
  }

  find(id: string): StoredMessage | undefined {
    for (const message of this.all()) if (message.id === id) return message;
    return undefined;
  }

  /** Removes a pending message; false when there is none with that id. */
  remove(id: string): boolean {
    const state = this.#store.data;
    for (const list of [state.messages, ...Object.values(state.queues).map((queue) => queue.messages)]) {
      const at = list.findIndex((message) => message.id === id);
      if (at >= 0) {
        list.splice(at, 1);
        return true;
      }
    }
    return false;
  }

  *all(): Generator<StoredMessage> {
    const state = this.#store.data;
    yield* state.messages;
    for (const queue of Object.values(state.queues)) yield* queue.messages;
  }

  /**
   * Content-based deduplication hashes what makes a message the same message: where it goes,
   * its forwarded headers and its body.
   */
  #deduplicationKey(input: NewMessage): string | undefined {
    const { settings } = input;
    if (settings.deduplicationId !== undefined) return `id:${settings.deduplicationId}`;
    if (!settings.contentBasedDeduplication) return undefined;
    const hash = createHash("sha256");
    hash.update(`${input.queueName ?? ""}\n${input.destination}\n${settings.method ?? "POST"}\n`);
    for (const [name, value] of Object.entries(settings.forwarded).sort(([a], [b]) => a.localeCompare(b))) {
      hash.update(`${name}:${value}\n`);
    }
    hash.update(input.body);
    return `content:${hash.digest("hex")}`;
  }

  #forgetExpired(now: number): void {
    const entries = this.#store.data.deduplication;
    for (const [key, entry] of Object.entries(entries)) if (entry.expiresAt <= now) delete entries[key];
  }
}
