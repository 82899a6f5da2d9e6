import type { NamespaceInfo } from "./answer-schemas.ts";
import type { DocumentTables, NamespaceRow, StoredDocument } from "./documents/document-tables.ts";
import { fullTextQuery } from "./documents/query.ts";
import { namespaceTag } from "./documents/schema.ts";

export type { StoredDocument };

export interface ScoredDocument {
  document: StoredDocument;
  /** In (0, 1), higher is better. */
  score: number;
}

/** Range pages whose last id is remembered, so the next page starts there instead of counting up to it. */
const KEPT_PAGE_ENDS = 64;

/**
 * One namespace (an "index" in the search SDK) of one database: its documents by id, in id
 * order for ranges, and searched through the full-text index. Documents waiting for the
 * indexing delay can be fetched, ranged and deleted at once, as stored data; only search and
 * the counts wait for them.
 */
export class Namespace {
  readonly #tables: DocumentTables;
  readonly #row: NamespaceRow;
  /** `offset prefix` → the last id of the page that ended there. */
  readonly #pageEnds: Map<string, string>;

  constructor(tables: DocumentTables, row: NamespaceRow, pageEnds: Map<string, string>) {
    this.#tables = tables;
    this.#row = row;
    this.#pageEnds = pageEnds;
  }

  get size(): number {
    return this.#row.documents;
  }

  get(id: string): StoredDocument | undefined {
    const row = this.#tables
      .sql("SELECT document FROM search_documents WHERE namespace_id = ? AND id = ?")
      .get(this.#row.id, id) as { document: string } | undefined;
    return row === undefined ? undefined : (JSON.parse(row.document) as StoredDocument);
  }

  has(id: string): boolean {
    return (
      this.#tables
        .sql("SELECT 1 FROM search_documents WHERE namespace_id = ? AND id = ?")
        .get(this.#row.id, id) !== undefined
    );
  }

  /** Documents whose id starts with `prefix` ("" for all), in id order. */
  *documents(prefix = ""): Generator<StoredDocument> {
    let after: string | undefined;
    for (;;) {
      const page = this.#after(after, 500, prefix);
      for (const document of page) yield document;
      if (page.length < 500) return;
      after = page[page.length - 1]?.id;
    }
  }

  /** Every document in the order it was first stored (a snapshot's order). */
  *documentsInOrderStored(): Generator<StoredDocument> {
    let after = 0;
    for (;;) {
      const rows = this.#tables
        .sql(
          "SELECT rowid, document FROM search_documents WHERE namespace_id = ? AND rowid > ? ORDER BY rowid LIMIT 500",
        )
        .all(this.#row.id, after) as { rowid: number; document: string }[];
      for (const row of rows) yield JSON.parse(row.document) as StoredDocument;
      if (rows.length < 500) return;
      after = (rows.at(-1) as { rowid: number }).rowid;
    }
  }

  /** Up to `limit` documents from position `offset` in id order, and whether any follow. */
  page(offset: number, limit: number, prefix = ""): { documents: StoredDocument[]; more: boolean } {
    const known = offset === 0 ? undefined : this.#pageEnds.get(`${offset} ${prefix}`);
    const rows =
      offset === 0 || known !== undefined
        ? this.#after(known, limit + 1, prefix)
        : this.#at(offset, limit + 1, prefix);
    const documents = rows.slice(0, limit);
    const more = rows.length > limit;
    const last = documents.at(-1);
    if (more && last) this.#rememberPageEnd(`${offset + documents.length} ${prefix}`, last.id);
    return { documents, more };
  }

  /** Deletes the given ids (unknown ones are skipped) and says how many there were. */
  delete(ids: Iterable<string>): number {
    const rows: { rowid: number; bytes: number }[] = [];
    for (const id of new Set(ids)) {
      const row = this.#tables
        .sql("SELECT rowid, bytes FROM search_documents WHERE namespace_id = ? AND id = ?")
        .get(this.#row.id, id) as { rowid: number; bytes: number } | undefined;
      if (row) rows.push(row);
    }
    return this.#tables.deleteRows(this.#row.id, rows);
  }

  /**
   * The best `topK` documents searchable at `now` (of those `accept` lets through, when given),
   * best first: FTS5's BM25, ties in the order documents were first stored.
   */
  search(
    query: string,
    topK: number,
    now: number,
    accept?: (document: StoredDocument) => boolean,
  ): ScoredDocument[] {
    const tag = namespaceTag(this.#row.id);
    const vocabularies = this.#tables.vocabularies;
    const match = fullTextQuery(query, tag, (word, edits) =>
      vocabularies.near(this.#row.id, tag, word, edits),
    );
    if (match === undefined) return [];
    const statement = this.#tables.sql(
      `SELECT d.document AS document, bm25(search_text) AS rank
       FROM search_text JOIN search_documents AS d ON d.rowid = search_text.rowid
       WHERE search_text MATCH ? AND d.namespace_id = ? AND d.searchable_at <= ?
       ORDER BY rank, d.rowid`,
    );
    const found: ScoredDocument[] = [];
    for (const row of statement.iterate(match, this.#row.id, now) as Iterable<{
      document: string;
      rank: number;
    }>) {
      const document = JSON.parse(row.document) as StoredDocument;
      if (accept && !accept(document)) continue;
      found.push({ document, score: normalised(-row.rank) });
      if (found.length === topK) break;
    }
    return found;
  }

  counts(now: number): NamespaceInfo {
    const pending = this.#tables
      .sql("SELECT count(*) AS n FROM search_documents WHERE namespace_id = ? AND searchable_at > ?")
      .get(this.#row.id, now) as { n: number };
    return { vectorCount: this.#row.documents - pending.n, pendingVectorCount: pending.n };
  }

  get bytes(): number {
    return this.#row.bytes;
  }

  #after(after: string | undefined, limit: number, prefix: string): StoredDocument[] {
    const [low, high] = idRange(prefix);
    const start = after !== undefined && after >= low ? after : undefined;
    const rows = this.#tables
      .sql(
        `SELECT document FROM search_documents WHERE namespace_id = :ns AND id ${start === undefined ? ">=" : ">"} :low
         AND (:high IS NULL OR id < :high) ORDER BY id LIMIT :limit`,
      )
      .all({ ns: this.#row.id, low: start ?? low, high: high ?? null, limit }) as { document: string }[];
    return rows.map((row) => JSON.parse(row.document) as StoredDocument);
  }

  #at(offset: number, limit: number, prefix: string): StoredDocument[] {
    const [low, high] = idRange(prefix);
    const rows = this.#tables
      .sql(
        `SELECT document FROM search_documents WHERE namespace_id = :ns AND id >= :low
         AND (:high IS NULL OR id < :high) ORDER BY id LIMIT :limit OFFSET :offset`,
      )
      .all({ ns: this.#row.id, low, high: high ?? null, limit, offset }) as { document: string }[];
    return rows.map((row) => JSON.parse(row.document) as StoredDocument);
  }

  #rememberPageEnd(key: string, lastId: string): void {
    this.#pageEnds.delete(key);
    this.#pageEnds.set(key, lastId);
    if (this.#pageEnds.size > KEPT_PAGE_ENDS)
      this.#pageEnds.delete(this.#pageEnds.keys().next().value as string);
  }
}

/**
 * The ids that start with `prefix` are those from `prefix` up to (not including) the prefix with
 * its last character raised by one; no upper end when there is no such string.
 */
function idRange(prefix: string): [string, string | undefined] {
  const characters = [...prefix];
  while (characters.length > 0) {
    const last = characters.pop() as string;
    const code = last.codePointAt(0) as number;
    if (code < 0x10ffff) return [prefix, characters.join("") + String.fromCodePoint(nextCodePoint(code))];
  }
  return [prefix, undefined];
}

/** The next code point that can stand in a string alone (surrogates cannot). */
function nextCodePoint(code: number): number {
  return code + 1 === 0xd800 ? 0xe000 : code + 1;
}

/**
 * BM25 scores are unbounded; s / (1 + s) keeps their order and puts them in (0, 1), the range
 * the service's scores have, without making the best hit of every search exactly 1.
 */
function normalised(score: number): number {
  return score / (1 + score);
}
