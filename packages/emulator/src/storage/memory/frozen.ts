/**
 * Freezes a value and everything inside it. The memory engine stores values frozen, so code
 * that changes a record it read, instead of putting a new one, fails at once in memory (where
 * the tests run) rather than silently losing the change on the durable engine.
 */
export function deepFrozen<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFrozen(inner);
  return Object.freeze(value);
}
