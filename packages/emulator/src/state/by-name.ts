import { z } from "zod";

/**
 * Records keyed by names users choose (queues, schedules, flow-control keys, URL groups, run
 * ids, index ids, namespaces), as a snapshot keeps them: a JSON object. Read into a `Map`, so
 * that every name is just a key (`__proto__` and `constructor` too: a plain object would drop
 * the one or find a function under the other); errors name the record (`queues.q.messages`).
 */
export function byName<T extends z.ZodType>(value: T) {
  return z
    .preprocess(
      (raw) =>
        raw !== null && typeof raw === "object" && !Array.isArray(raw)
          ? new Map(Object.entries(raw as Record<string, unknown>))
          : raw,
      z.map(z.string(), value),
    )
    .default(() => new Map());
}

/** Records by a name of theirs, as a snapshot keeps them (a name like `__proto__` stays a plain key). */
export function byNameObject<T>(records: Iterable<T>, nameOf: (record: T) => string): Record<string, T> {
  return Object.fromEntries(Array.from(records, (record) => [nameOf(record), record]));
}
