import SearchableMap from "minisearch/SearchableMap";
import type { SqlDatabase } from "../../storage/sqlite/sql-database.ts";

/** How many words the trees may hold in all, and where to say that a namespace has more. */
export interface VocabularyBudget {
  /** `limits.typoWords`. */
  words: number;
  noticeOnce(topic: string, text: string): void;
}

/** A namespace whose words do not fit the budget: searched without typo tolerance. */
const TOO_MANY = "too many";

/**
 * The words of each namespace, for typo tolerance: MiniSearch's radix tree finds the words
 * within an edit distance of a query term in time bounded by the term, not by the vocabulary.
 * A namespace's tree is read from the full-text index on its first fuzzy search and then kept up
 * to date with every word upserted (words whose documents were deleted stay: a typo may then
 * find a word no document has, which matches nothing).
 *
 * The trees cost memory by the word (about 1.5 KB of resident memory each at the peak, for
 * random words), so they hold at
 * most `budget.words` in all: the least recently searched go first, and a namespace with more
 * words than that is searched without typo tolerance (said once). Its words still match as
 * spelt and as prefixes.
 */
export class Vocabularies {
  readonly #db: SqlDatabase;
  readonly #budget: VocabularyBudget;
  readonly #trees = new Map<number, SearchableMap<true> | typeof TOO_MANY>();
  #held = 0;

  constructor(db: SqlDatabase, budget: VocabularyBudget) {
    this.#db = db;
    this.#budget = budget;
  }

  /** The words of the namespace within `maxDistance` edits of `term`, closest first. */
  near(namespaceId: number, tag: string, term: string, maxDistance: number): string[] {
    const tree = this.#tree(namespaceId, tag);
    if (tree === TOO_MANY) return [];
    const found = tree.fuzzyGet(term, maxDistance);
    return [...found.entries()].sort((a, b) => a[1][1] - b[1][1]).map(([word]) => word);
  }

  /** Words just put in the index (no-op for a namespace whose tree is not in memory). */
  added(namespaceId: number, words: Iterable<string>): void {
    const tree = this.#trees.get(namespaceId);
    if (tree === undefined) return;
    if (tree === TOO_MANY) return;
    const before = tree.size;
    for (const word of words) tree.set(word, true);
    this.#held += tree.size - before;
    if (tree.size > this.#budget.words) this.#tooMany(namespaceId);
    else this.#makeRoom(0, namespaceId);
  }

  forget(namespaceId: number): void {
    this.#drop(namespaceId);
  }

  clear(): void {
    this.#trees.clear();
    this.#held = 0;
  }

  #tree(namespaceId: number, tag: string): SearchableMap<true> | typeof TOO_MANY {
    const kept = this.#trees.get(namespaceId);
    if (kept !== undefined) {
      // Most recently used last.
      this.#trees.delete(namespaceId);
      this.#trees.set(namespaceId, kept);
      return kept;
    }
    // No further than the budget: a namespace over it is never read whole. (`all` with a limit,
    // not `iterate`: stepping fts5vocab row by row from Node slowed down with every row.)
    const rows = this.#db
      .statement("SELECT term FROM search_vocabulary WHERE term >= ? AND term < ? LIMIT ?")
      .all(tag, `${tag.slice(0, -1)}y`, this.#budget.words + 1) as { term: string }[];
    if (rows.length > this.#budget.words) {
      this.#tooMany(namespaceId);
      return TOO_MANY;
    }
    const tree = new SearchableMap<true>();
    for (const { term } of rows) tree.set(term.slice(tag.length), true);
    this.#makeRoom(tree.size, namespaceId);
    this.#trees.set(namespaceId, tree);
    this.#held += tree.size;
    return tree;
  }

  /** Drops the least recently used trees (not `keep`'s) until `adding` more words fit. */
  #makeRoom(adding: number, keep: number): void {
    for (const id of [...this.#trees.keys()]) {
      if (this.#held + adding <= this.#budget.words) return;
      if (id !== keep) this.#drop(id);
    }
  }

  #tooMany(namespaceId: number): void {
    this.#drop(namespaceId);
    this.#trees.set(namespaceId, TOO_MANY);
    this.#budget.noticeOnce(
      "typo-words",
      `a search namespace has more than ${this.#budget.words} distinct words (limits.typoWords); it is searched without typo tolerance`,
    );
  }

  #drop(namespaceId: number): void {
    const tree = this.#trees.get(namespaceId);
    if (tree !== undefined && tree !== TOO_MANY) this.#held -= tree.size;
    this.#trees.delete(namespaceId);
  }
}
