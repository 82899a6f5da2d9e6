import type { NamespaceInfo } from "./answer-schemas.ts";
import { type ScoredId, TextIndex } from "./text-index.ts";

export interface StoredDocument {
  id: string;
  content: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

interface Entry {
  document: StoredDocument;
  /** Size of the document as JSON, summed into the database's `indexSize`. */
  bytes: number;
}

/**
 * One namespace (an "index" in the search SDK): its documents by id, the full-text index over
 * them, and the documents upserted but not searchable yet. Pending documents can be fetched,
 * ranged and deleted at once, as stored data; only search and the counts wait for indexing.
 */
export class Namespace {
  readonly #entries = new Map<string, Entry>();
  readonly #text = new TextIndex();
  /** Id → emulator-clock time it becomes searchable. */
  readonly #pending = new Map<string, number>();
  /** All ids in order, rebuilt on demand after a change of the id set (range pages share it). */
  #sortedIds: string[] | undefined;
  #bytes = 0;

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  has(id: string): boolean {
    return this.#entries.has(id);
  }

  get(id: string): StoredDocument | undefined {
    return this.#entries.get(id)?.document;
  }

  /** Stores the documents; they become searchable now, or `delayMs` from `now`. */
  upsert(documents: { document: StoredDocument; bytes: number }[], now: number, delayMs: number): void {
    for (const { document, bytes } of documents) {
      const previous = this.#entries.get(document.id);
      if (previous) this.#bytes -= previous.bytes;
      else this.#sortedIds = undefined;
      this.#entries.set(document.id, { document, bytes });
      this.#bytes += bytes;
      this.#pending.delete(document.id);
      if (delayMs > 0) {
        // Until indexed, the service's search does not see the new version.
        this.#text.remove(document.id);
        this.#pending.set(document.id, now + delayMs);
      } else {
        this.#text.put(document.id, document.content);
      }
    }
  }

  /** Deletes the given ids (unknown ones are skipped) and says how many there were. */
  delete(ids: Iterable<string>): number {
    let deleted = 0;
    for (const id of ids) {
      const entry = this.#entries.get(id);
      if (!entry) continue;
      this.#entries.delete(id);
      this.#text.remove(id);
      this.#pending.delete(id);
      this.#bytes -= entry.bytes;
      deleted++;
    }
    if (deleted > 0) this.#sortedIds = undefined;
    return deleted;
  }

  /** Ids in code-unit order; with a prefix, only those that start with it. */
  idsInOrder(prefix = ""): string[] {
    const all = this.#sorted();
    if (prefix === "") return all;
    const ids: string[] = [];
    for (let at = lowerBound(all, prefix); at < all.length; at++) {
      const id = all[at] as string;
      if (!id.startsWith(prefix)) break;
      ids.push(id);
    }
    return ids;
  }

  /** Up to `limit` documents from position `offset` in id order, and whether any follow. */
  page(offset: number, limit: number, prefix = ""): { documents: StoredDocument[]; more: boolean } {
    const ids = this.idsInOrder(prefix);
    const slice = ids.slice(offset, offset + limit);
    return {
      documents: slice.map((id) => this.#entries.get(id)?.document as StoredDocument),
      more: offset + limit < ids.length,
    };
  }

  /** Search over the documents indexed by `now`; `accept` is the filter, if there is one. */
  search(
    query: string,
    topK: number,
    now: number,
    accept?: (document: StoredDocument) => boolean,
  ): ScoredId[] {
    this.#settle(now);
    if (!accept) return this.#text.search(query, topK);
    return this.#text.search(query, topK, (id) => {
      const entry = this.#entries.get(id);
      return entry !== undefined && accept(entry.document);
    });
  }

  counts(now: number): NamespaceInfo {
    this.#settle(now);
    return { vectorCount: this.#entries.size - this.#pending.size, pendingVectorCount: this.#pending.size };
  }

  documents(): IterableIterator<StoredDocument> {
    return Array.from(this.#entries.values(), (entry) => entry.document).values();
  }

  clear(): void {
    this.#entries.clear();
    this.#pending.clear();
    this.#text.clear();
    this.#sortedIds = undefined;
    this.#bytes = 0;
  }

  #settle(now: number): void {
    for (const [id, due] of this.#pending) {
      if (due > now) continue;
      this.#pending.delete(id);
      const entry = this.#entries.get(id);
      if (entry) this.#text.put(id, entry.document.content);
    }
  }

  #sorted(): string[] {
    this.#sortedIds ??= Array.from(this.#entries.keys()).sort();
    return this.#sortedIds;
  }
}

/** The first position whose id is not before `key`. */
function lowerBound(sorted: string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
