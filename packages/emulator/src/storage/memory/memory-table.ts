import type { Position, ScanOptions, Table, TableEntry } from "../table.ts";
import { BTree } from "./btree.ts";
import { deepFrozen } from "./frozen.ts";

interface Stored<T> {
  value: T;
  group: string;
  position: Position;
}

/** How many positions a scan takes from the order at a time (changes between batches are seen). */
const BATCH = 128;

/**
 * A table in memory: the records by key, and their order as B+ trees of position → key, one for
 * the whole table and one per group, so a scan starts anywhere in O(log n) and a delete is as
 * cheap as an insert.
 */
export class MemoryTable<T> implements Table<T> {
  readonly #records = new Map<string, Stored<T>>();
  readonly #order = new BTree<Position, string>();
  readonly #groups = new Map<string, BTree<Position, string>>();
  #nextPosition = 1;

  get(key: string): T | undefined {
    return this.#records.get(key)?.value;
  }

  has(key: string): boolean {
    return this.#records.has(key);
  }

  put(key: string, value: T, group = ""): void {
    const frozen = deepFrozen(value);
    const existing = this.#records.get(key);
    if (existing && existing.group === group) {
      existing.value = frozen;
      return;
    }
    if (existing) this.#unlink(key, existing);
    const position = this.#nextPosition++;
    this.#records.set(key, { value: frozen, group, position });
    this.#order.set(position, key);
    this.#groupOrder(group, true)?.set(position, key);
  }

  delete(key: string): boolean {
    const existing = this.#records.get(key);
    if (!existing) return false;
    this.#unlink(key, existing);
    return true;
  }

  count(group?: string): number {
    if (group === undefined) return this.#records.size;
    return this.#groups.get(group)?.size ?? 0;
  }

  *scan(options: ScanOptions = {}): IterableIterator<TableEntry<T>> {
    const order = options.group === undefined ? this.#order : this.#groups.get(options.group);
    if (!order) return;
    let after = options.after;
    for (;;) {
      const batch = this.#batch(order, after, options.newestFirst === true);
      for (const [position, key] of batch) {
        const stored = this.#records.get(key);
        // Deleted or moved since the batch was read.
        if (stored?.position !== position) continue;
        yield { key, group: stored.group, position, value: stored.value };
      }
      if (batch.length < BATCH) return;
      after = batch[batch.length - 1]?.[0];
    }
  }

  dropOldest(count: number): number {
    const keys: string[] = [];
    for (const [, key] of this.#order.entries()) {
      if (keys.length >= count) break;
      keys.push(key);
    }
    for (const key of keys) this.delete(key);
    return keys.length;
  }

  deleteGroup(group: string): number {
    const order = this.#groups.get(group);
    if (!order) return 0;
    const keys = order.valuesArray();
    for (const key of keys) this.delete(key);
    return keys.length;
  }

  clear(): void {
    this.#records.clear();
    this.#order.clear();
    this.#groups.clear();
  }

  #unlink(key: string, stored: Stored<T>): void {
    this.#records.delete(key);
    this.#order.delete(stored.position);
    const order = this.#groups.get(stored.group);
    order?.delete(stored.position);
    if (order?.size === 0) this.#groups.delete(stored.group);
  }

  #groupOrder(group: string, make: boolean): BTree<Position, string> | undefined {
    let order = this.#groups.get(group);
    if (!order && make) {
      order = new BTree<Position, string>();
      this.#groups.set(group, order);
    }
    return order;
  }

  #batch(order: BTree<Position, string>, after: Position | undefined, newestFirst: boolean) {
    const batch: [Position, string][] = [];
    const entries = newestFirst
      ? order.entriesReversed(after === undefined ? undefined : after - 1)
      : order.entries(after === undefined ? undefined : after + 1);
    for (const [position, key] of entries) {
      batch.push([position, key]);
      if (batch.length === BATCH) break;
    }
    return batch;
  }
}
