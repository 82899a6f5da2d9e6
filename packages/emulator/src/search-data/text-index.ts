import MiniSearch from "minisearch";

interface IndexedText {
  id: string;
  text: string;
}

const FUZZY_FROM_LENGTH = 5;

export interface ScoredId {
  id: string;
  /** In (0, 1], higher is better. */
  score: number;
}

/**
 * The full-text side of one namespace: MiniSearch's BM25 over each document's content, with
 * prefix terms ("head" finds "headphones") and, for terms of five letters or more, a typo or two
 * (shorter terms would match too many unrelated words). Lexical only: there are no embeddings, so "sofa" does not find "couch".
 */
export class TextIndex {
  readonly #engine = new MiniSearch<IndexedText>({
    fields: ["text"],
    storeFields: [],
    searchOptions: {
      prefix: true,
      fuzzy: (term) => (term.length >= FUZZY_FROM_LENGTH ? 0.2 : false),
      combineWith: "OR",
    },
  });

  /** Adds or replaces the document's text. */
  put(id: string, content: Record<string, unknown>): void {
    const entry = { id, text: searchableText(content) };
    if (this.#engine.has(id)) this.#engine.replace(entry);
    else this.#engine.add(entry);
  }

  remove(id: string): void {
    if (this.#engine.has(id)) this.#engine.discard(id);
  }

  clear(): void {
    this.#engine.removeAll();
  }

  /** The best `topK` documents (of those `accept` lets through, when given), best first. */
  search(query: string, topK: number, accept?: (id: string) => boolean): ScoredId[] {
    const options = accept ? { filter: (result: { id: unknown }) => accept(result.id as string) } : {};
    const results = this.#engine.search(query, options);
    return results
      .slice(0, topK)
      .map((result) => ({ id: result.id as string, score: normalise(result.score) }));
  }
}

/**
 * BM25 scores are unbounded; s / (1 + s) keeps their order and puts them in (0, 1), the
 * range the service's scores have, without making the best hit of every search exactly 1.
 */
function normalise(score: number): number {
  return score / (1 + score);
}

/**
 * The text a document is found by: every value in its content, with the key it sits under
 * (a query for "brand sony" then favours a document whose brand is Sony). Keys that are on
 * every document weigh little in BM25, since common terms score low.
 */
export function searchableText(content: unknown): string {
  const parts: string[] = [];
  collect(content, parts);
  return parts.join("\n");
}

function collect(value: unknown, parts: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, parts);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      parts.push(key);
      collect(inner, parts);
    }
  } else if (value !== null && value !== undefined) {
    parts.push(String(value));
  }
}
