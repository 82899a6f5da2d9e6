import { z } from "zod";
import type { StorageEngine } from "../../storage/engine.ts";
import type { Table } from "../../storage/table.ts";

export const storedDeduplication = z.looseObject({ messageId: z.string(), expiresAt: z.number() });
export type StoredDeduplication = z.infer<typeof storedDeduplication>;

/** Deduplication ids (and content hashes) seen lately, each with the message it made. */
export interface DeduplicationStore {
  /** The message an earlier publish with this key made, while its window lasts. */
  find(key: string, now: number): string | undefined;
  /** Remembers a new message for the key, and forgets keys whose window has ended. */
  remember(key: string, entry: StoredDeduplication, now: number): void;
  /** Every key still remembered, oldest first (for snapshots). */
  entries(): IterableIterator<[string, StoredDeduplication]>;
  clear(): void;
}

export function deduplicationStore(engine: StorageEngine): DeduplicationStore {
  return new DeduplicationTable(engine.table("messaging_deduplication", storedDeduplication));
}

/**
 * Kept in the order keys were remembered. Every window is as long, and the clock only moves
 * forward, so that is also the order they expire in: forgetting stops at the first live key.
 */
class DeduplicationTable implements DeduplicationStore {
  readonly #table: Table<StoredDeduplication>;

  constructor(table: Table<StoredDeduplication>) {
    this.#table = table;
  }

  find(key: string, now: number): string | undefined {
    const entry = this.#table.get(key);
    return entry !== undefined && entry.expiresAt > now ? entry.messageId : undefined;
  }

  remember(key: string, entry: StoredDeduplication, now: number): void {
    this.#forgetExpired(now);
    // Deleted first, so a key remembered again moves to the end of the order.
    this.#table.delete(key);
    this.#table.put(key, entry);
  }

  *entries(): IterableIterator<[string, StoredDeduplication]> {
    for (const entry of this.#table.scan()) yield [entry.key, entry.value];
  }

  clear(): void {
    this.#table.clear();
  }

  #forgetExpired(now: number): void {
    for (const entry of this.#table.scan()) {
      if (entry.value.expiresAt > now) return;
      this.#table.delete(entry.key);
    }
  }
}
