import { z } from "zod";

/**
 * A map keyed by names users choose (queues, schedules, flow-control keys, URL groups, run ids),
 * kept in the data file as a JSON object. In memory it is an object without a prototype: on a
 * plain `{}`, `map["constructor"]` is a function and `map["__proto__"] = …` rewrites the
 * prototype, so a name would reach `Object.prototype`. Here every name is just a key. (A stored
 * `__proto__` key is dropped when the file is read back, as zod drops it.)
 */
export function byName<T extends z.ZodType>(value: T) {
  return z
    .record(z.string(), value)
    .default({})
    .transform((entries) => Object.assign(Object.create(null) as Record<string, z.output<T>>, entries));
}
