/**
 * Where an entry sits in its table's order: an entry put later has a higher position, and a
 * position is never given twice, so "after position P" stays a valid cursor while entries come
 * and go.
 */
export type Position = number;

export interface TableEntry<T> {
  key: string;
  group: string;
  position: Position;
  value: T;
}

export interface ScanOptions {
  /** Only the entries of this group; every group when absent. */
  group?: string;
  /** Starts after this position (before it, newest first). */
  after?: Position;
  /** Newest first instead of oldest first. */
  newestFirst?: boolean;
}

/**
 * One kind of record, each under a string key, in the order the records were first put: across
 * the whole table and within each group (a queue's messages, a run's steps). Values are plain
 * JSON data. A value read is a copy of what is stored (and frozen, in memory): to change a
 * record, put a new value. Both engines implement it, so every store above runs on either.
 */
export interface Table<T> {
  get(key: string): T | undefined;
  has(key: string): boolean;
  /**
   * Stores `value` under `key` in `group` ("" by default). A new key goes to the end of the
   * order; a key already in that group keeps its place; a key that changes group goes to the end.
   */
  put(key: string, value: T, group?: string): void;
  delete(key: string): boolean;
  /** Entries in the group, or in the whole table. */
  count(group?: string): number;
  /**
   * Entries in order. Changes made while scanning are safe; a scan reads ahead in small
   * batches and may show an entry as it was when its batch was read.
   */
  scan(options?: ScanOptions): IterableIterator<TableEntry<T>>;
  /** Removes the `count` entries put first (across groups), as a log drops its oldest; answers how many went. */
  dropOldest(count: number): number;
  /** Removes every entry of the group; answers how many there were. */
  deleteGroup(group: string): number;
  clear(): void;
}

/** The first entry a scan would give, if any. */
export function firstEntry<T>(table: Table<T>, options: ScanOptions = {}): TableEntry<T> | undefined {
  for (const entry of table.scan(options)) return entry;
  return undefined;
}

/** The values of a scan, in its order. */
export function* valuesOf<T>(entries: Iterable<TableEntry<T>>): Generator<T> {
  for (const entry of entries) yield entry.value;
}
