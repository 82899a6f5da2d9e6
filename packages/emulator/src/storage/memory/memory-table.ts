import type { Position, ScanOptions, Table, TableEntry } from "../table.ts";
import { BTree } from "./btree.ts";
import { deepFrozen } from "./frozen.ts";
import type { UndoLog } from "./undo-log.ts";

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
 * cheap as an insert. Inside a unit of work each change records its undo in the engine's log.
 */
export class MemoryTable<T> implements Table<T> {
  #records = new Map<string, Stored<T>>();
  #order = new BTree<Position, string>();
  #groups = new Map<string, BTree<Position, string>>();
  #nextPosition = 1;
  readonly #log: UndoLog | undefined;

  /** `log`: the engine's undo log (none: changes cannot be undone). */
  constructor(log?: UndoLog) {
    this.#log = log;
  }

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
      const before = existing.value;
      existing.value = frozen;
      this.#log?.record(() => {
        existing.value = before;
      });
      return;
    }
    if (existing) this.#unlinkUndoably(key, existing);
    const stored = { value: frozen, group, position: this.#nextPosition++ };
    this.#link(key, stored);
    this.#log?.record(() => this.#unlink(key, stored));
  }

  delete(key: string): boolean {
    const existing = this.#records.get(key);
    if (!existing) return false;
    this.#unlinkUndoably(key, existing);
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
    // Replaced rather than emptied, so that undoing it is putting the old ones back.
    const before = { records: this.#records, order: this.#order, groups: this.#groups };
    this.#records = new Map();
    this.#order = new BTree<Position, string>();
    this.#groups = new Map();
    this.#log?.record(() => {
      this.#records = before.records;
      this.#order = before.order;
      this.#groups = before.groups;
    });
  }

  #link(key: string, stored: Stored<T>): void {
    this.#records.set(key, stored);
    this.#order.set(stored.position, key);
    this.#groupOrder(stored.group, true)?.set(stored.position, key);
  }

  /** Unlinks, and records how to put the entry back in its place (its position is its own). */
  #unlinkUndoably(key: string, stored: Stored<T>): void {
    this.#unlink(key, stored);
    this.#log?.record(() => this.#link(key, stored));
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
