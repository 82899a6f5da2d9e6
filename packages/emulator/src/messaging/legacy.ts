import type { EmulatorState } from "../state/records.ts";
import { DEFAULT_RETRIES } from "./message-headers.ts";

interface LegacyMessage {
  id: string;
  destination: string;
  body: string;
  contentType?: string;
  enqueuedAt?: number;
}

/**
 * Data files written before publish, retries and signing existed hold queue messages with only
 * `{id, destination, body, contentType, enqueuedAt}`; give them the fields delivery now reads.
 */
export function upgradeLegacyMessages(state: EmulatorState): void {
  for (const queue of Object.values(state.queues)) {
    queue.messages = queue.messages.map((stored) => {
      if ("method" in stored) return stored;
      const legacy = stored as unknown as LegacyMessage;
      const createdAt = legacy.enqueuedAt ?? Date.now();
      return {
        id: legacy.id,
        destination: legacy.destination,
        method: "POST",
        headers: legacy.contentType ? { "content-type": legacy.contentType } : {},
        body: legacy.body,
        createdAt,
        notBefore: 0,
        maxRetries: DEFAULT_RETRIES,
        retried: 0,
        nextAttemptAt: 0,
        queueName: queue.name,
      };
    });
  }
}
