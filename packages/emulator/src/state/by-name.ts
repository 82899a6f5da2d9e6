import { z } from "zod";

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Map);
}

/**
 * Records keyed by names users choose (queues, schedules, flow-control keys, URL groups, run
 * ids, index ids, namespaces), as a snapshot keeps them: a JSON object. Read into a `Map`, so
 * that every name is just a key (`__proto__` and `constructor` too: a plain object would drop
 * the one or find a function under the other); errors name the record (`queues.q.messages`).
 * Its input type is the JSON object, which is what `emulator.state` shows.
 */
export function namedRecords<T extends z.ZodType>(value: T) {
  return z
    .custom<Record<string, z.input<T>>>(isRecordObject, "expected an object of records by their names")
    .transform((raw) => new Map(Object.entries(raw)))
    .pipe(z.map(z.string(), value));
}

/** `namedRecords` as a snapshot key: a snapshot written before the key existed holds none. */
export function byName<T extends z.ZodType>(value: T) {
  return namedRecords(value).default(() => new Map());
}

/** Records by a name of theirs, as a snapshot keeps them (a name like `__proto__` stays a plain key). */
export function byNameObject<T>(records: Iterable<T>, nameOf: (record: T) => string): Record<string, T> {
  return Object.fromEntries(Array.from(records, (record) => [nameOf(record), record]));
}
