import type { AreaContext } from "../../state/area.ts";
import { DEFAULT_RETRIES } from "./message-record.ts";

/**
 * Data files written before publish, retries and signing existed hold queue messages with only
 * `{id, destination, body, contentType, enqueuedAt}`; give them the fields delivery now reads.
 * Runs on the file as read, before it is checked, so anything may be missing or malformed.
 */
export function upgradeLegacyMessages(
  file: Record<string, unknown>,
  context: Pick<AreaContext, "clock">,
): void {
  const queues = file["queues"];
  if (!isObject(queues)) return;
  for (const [key, queue] of Object.entries(queues)) {
    if (!isObject(queue) || !Array.isArray(queue["messages"])) continue;
    const queueName = typeof queue["name"] === "string" ? queue["name"] : key;
    queue["messages"] = queue["messages"].map((stored: unknown) =>
      isObject(stored) && !("method" in stored) ? upgraded(stored, queueName, context.clock.now()) : stored,
    );
  }
}

function upgraded(legacy: Record<string, unknown>, queueName: string, now: number): Record<string, unknown> {
  const { id, destination, body, contentType, enqueuedAt } = legacy;
  return {
    id,
    destination,
    method: "POST",
    headers: typeof contentType === "string" && contentType !== "" ? { "content-type": contentType } : {},
    body,
    createdAt: typeof enqueuedAt === "number" ? enqueuedAt : now,
    notBefore: 0,
    maxRetries: DEFAULT_RETRIES,
    retried: 0,
    nextAttemptAt: 0,
    queueName,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
