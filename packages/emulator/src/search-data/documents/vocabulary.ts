import SearchableMap from "minisearch/SearchableMap";
import type { SqlDatabase } from "../../storage/sqlite/sql-database.ts";

/** Vocabularies kept in memory at once; the least recently used goes first. */
const KEPT_VOCABULARIES = 16;

/**
 * The words of each namespace, for typo tolerance: MiniSearch's radix tree finds the words
 * within an edit distance of a query term in time bounded by the term, not by the vocabulary.
 * A namespace's tree is read from the full-text index on its first fuzzy search and then kept up
 * to date with every word upserted (words whose documents were deleted stay: a typo may then
 * find a word no document has, which matches nothing).
 */
export class Vocabularies {
  readonly #db: SqlDatabase;
  readonly #trees = new Map<number, SearchableMap<true>>();

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /** The words of the namespace within `maxDistance` edits of `term`, closest first. */
  near(namespaceId: number, tag: string, term: string, maxDistance: number): string[] {
    const found = this.#tree(namespaceId, tag).fuzzyGet(term, maxDistance);
    return [...found.entries()].sort((a, b) => a[1][1] - b[1][1]).map(([word]) => word);
  }

  /** Words just put in the index (no-op for a namespace whose tree is not in memory). */
  added(namespaceId: number, words: Iterable<string>): void {
    const tree = this.#trees.get(namespaceId);
    if (!tree) return;
    for (const word of words) tree.set(word, true);
  }

  forget(namespaceId: number): void {
    this.#trees.delete(namespaceId);
  }

  clear(): void {
    this.#trees.clear();
  }

  #tree(namespaceId: number, tag: string): SearchableMap<true> {
    let tree = this.#trees.get(namespaceId);
    if (tree) {
      // Most recently used last.
      this.#trees.delete(namespaceId);
      this.#trees.set(namespaceId, tree);
      return tree;
    }
    tree = new SearchableMap<true>();
    const rows = this.#db
      .statement("SELECT term FROM search_vocabulary WHERE term >= ? AND term < ?")
      .all(tag, `${tag.slice(0, -1)}y`) as { term: string }[];
    for (const { term } of rows) tree.set(term.slice(tag.length), true);
    this.#trees.set(namespaceId, tree);
    if (this.#trees.size > KEPT_VOCABULARIES) {
      const oldest = this.#trees.keys().next().value as number;
      this.#trees.delete(oldest);
    }
    return tree;
  }
}
