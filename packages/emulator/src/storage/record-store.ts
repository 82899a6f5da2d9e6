import { type Table, valuesOf } from "./table.ts";

/** Records found by a key of their own, listed in the order they were first put. */
export interface RecordStore<T> {
  get(key: string): T | undefined;
  list(): T[];
  /** Adds a record, or replaces the one with its key (keeping its place). */
  put(record: T): void;
  delete(key: string): boolean;
  clear(): void;
}

/** A `RecordStore` over a table, each record under `keyOf(record)`. */
export function recordStore<T>(table: Table<T>, keyOf: (record: T) => string): RecordStore<T> {
  return {
    get: (key) => table.get(key),
    list: () => [...valuesOf(table.scan())],
    put: (record) => table.put(keyOf(record), record),
    delete: (key) => table.delete(key),
    clear: () => table.clear(),
  };
}
