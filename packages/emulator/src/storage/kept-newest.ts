import type { ScanOptions, Table, TableEntry } from "./table.ts";
import type { Units } from "./units.ts";

/** How many records a table keeps and how many bytes (their JSON) in all; past either the oldest go. */
export interface KeptBound {
  count: number;
  bytes: number;
  /** Said once, the first time the oldest go. */
  dropping(): void;
}

function sizeOf(value: unknown): number {
  return value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));
}

/**
 * A table that keeps its newest records within a count and a size: each put that takes it past
 * either drops the oldest (never the last one left). The size is read once (a scan) and then kept
 * as records come and go; a unit of work undone makes it read again.
 */
export class KeptNewest<T> implements Table<T> {
  readonly #table: Table<T>;
  readonly #bound: () => KeptBound;
  #bytes: number | undefined;

  /** `bound` is read at each put (the limits are the options'). */
  constructor(table: Table<T>, units: Units, bound: () => KeptBound) {
    this.#table = table;
    this.#bound = bound;
    units.onUndo(() => {
      this.#bytes = undefined;
    });
  }

  get(key: string): T | undefined {
    return this.#table.get(key);
  }

  has(key: string): boolean {
    return this.#table.has(key);
  }

  put(key: string, value: T, group?: string): void {
    const held = this.#held() - sizeOf(this.#table.get(key));
    this.#table.put(key, value, group);
    this.#bytes = held + sizeOf(value);
    this.#trim();
  }

  delete(key: string): boolean {
    const held = this.#held() - sizeOf(this.#table.get(key));
    if (!this.#table.delete(key)) return false;
    this.#bytes = held;
    return true;
  }

  count(group?: string): number {
    return this.#table.count(group);
  }

  scan(options?: ScanOptions): IterableIterator<TableEntry<T>> {
    return this.#table.scan(options);
  }

  dropOldest(count: number): number {
    this.#bytes = undefined;
    return this.#table.dropOldest(count);
  }

  deleteGroup(group: string): number {
    this.#bytes = undefined;
    return this.#table.deleteGroup(group);
  }

  clear(): void {
    this.#table.clear();
    this.#bytes = 0;
  }

  /** Bytes held now: their JSON, read in one scan the first time. */
  bytes(): number {
    return this.#held();
  }

  #held(): number {
    if (this.#bytes === undefined) {
      let bytes = 0;
      for (const entry of this.#table.scan()) bytes += sizeOf(entry.value);
      this.#bytes = bytes;
    }
    return this.#bytes;
  }

  #trim(): void {
    const bound = this.#bound();
    let said = false;
    while (this.#table.count() > 1 && (this.#table.count() > bound.count || this.#held() > bound.bytes)) {
      const oldest = this.#table.scan().next();
      if (oldest.done) return;
      if (!said) bound.dropping();
      said = true;
      this.delete(oldest.value.key);
    }
  }
}
