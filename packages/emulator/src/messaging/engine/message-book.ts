import { createHash, randomUUID } from "node:crypto";
import type { Clock } from "../../clock/clock.ts";
import type { DeduplicationStore } from "../records/deduplication-store.ts";
import type { StoredMessage } from "../records/message-record.ts";
import { DEFAULT_RETRIES } from "../records/message-record.ts";
import type { MessageStore } from "../records/queue-store.ts";
import type { MessageHeaders } from "./message-headers.ts";

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
 * Accepts new messages into the message store, unless one with the same deduplication id (or
 * content) was accepted within the window. Callers commit after changing it.
 */
export class MessageBook {
  readonly #messages: MessageStore;
  readonly #deduplication: DeduplicationStore;
  readonly #clock: Clock;

  constructor(parts: { messages: MessageStore; deduplication: DeduplicationStore; clock: Clock }) {
    this.#messages = parts.messages;
    this.#deduplication = parts.deduplication;
    this.#clock = parts.clock;
  }

  /** Stores a new message, or answers the earlier one's id when it is a duplicate. */
  accept(input: NewMessage): Accepted {
    const now = this.#clock.now();
    const { settings } = input;
    const dedupKey = this.#deduplicationKey(input);
    if (dedupKey !== undefined) {
      const earlier = this.#deduplication.find(dedupKey, now);
      if (earlier !== undefined) return { messageId: earlier, deduplicated: true };
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
      ...(settings.redact === undefined ? {} : { redact: settings.redact }),
      ...(settings.failureCallback === undefined ? {} : { failureCallback: settings.failureCallback }),
      ...(settings.workflow === undefined
        ? {}
        : { workflow: { runId: settings.workflow.runId, callType: settings.workflow.callType } }),
    };
    this.#messages.add(message);
    if (dedupKey !== undefined) {
      this.#deduplication.remember(
        dedupKey,
        { messageId: message.id, expiresAt: now + DEDUPLICATION_WINDOW_MS },
        now,
      );
    }
    return { messageId: message.id, deduplicated: false, message };
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
}
