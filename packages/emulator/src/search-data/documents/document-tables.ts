import type { SqlDatabase } from "../../storage/sqlite/sql-database.ts";
import { createDocumentTables, namespaceTag } from "./schema.ts";
import { searchableText, wordsOf } from "./tokens.ts";
import { Vocabularies, type VocabularyBudget } from "./vocabulary.ts";

export interface StoredDocument {
  id: string;
  content: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** A document ready to store: its JSON (written as it is), whose size is what `indexSize` adds up. */
export interface SizedDocument {
  document: StoredDocument;
  json: string;
  bytes: number;
}

export interface NamespaceRow {
  id: number;
  name: string;
  documents: number;
  bytes: number;
}

/**
 * The statements over the search tables (`schema.ts`), shared by every index's database. The
 * tables are made on first use, so an emulator that never stores a document never opens SQLite
 * in memory; `undone` is called if the unit of work that made them is undone (they are gone).
 */
export class DocumentTables {
  readonly #db: SqlDatabase;
  readonly vocabularies: Vocabularies;

  constructor(db: SqlDatabase, budget: VocabularyBudget, undone: () => void) {
    this.#db = db;
    createDocumentTables(db, undone);
    this.vocabularies = new Vocabularies(db, budget);
  }

  sql(text: string) {
    return this.#db.statement(text);
  }

  write(): void {
    this.#db.write();
  }

  namespaces(indexId: string): NamespaceRow[] {
    return this.sql(
      "SELECT id, name, documents, bytes FROM search_namespaces WHERE index_id = ? ORDER BY id",
    ).all(indexId) as unknown as NamespaceRow[];
  }

  namespace(indexId: string, name: string): NamespaceRow | undefined {
    return this.sql(
      "SELECT id, name, documents, bytes FROM search_namespaces WHERE index_id = ? AND name = ?",
    ).get(indexId, name) as NamespaceRow | undefined;
  }

  /** An index's namespaces and documents (kept by the schema's triggers). */
  totals(indexId: string): { namespaces: number; documents: number; hasDefault: boolean } {
    const row = this.sql("SELECT namespaces, documents FROM search_indexes WHERE index_id = ?").get(
      indexId,
    ) as { namespaces: number; documents: number } | undefined;
    const hasDefault = this.namespace(indexId, "") !== undefined;
    return { namespaces: row?.namespaces ?? 0, documents: row?.documents ?? 0, hasDefault };
  }

  /** Namespaces (those with a row) and documents of every index together. */
  grandTotals(): { namespaces: number; documents: number } {
    return this.sql("SELECT namespaces, documents FROM search_totals WHERE id = 0").get() as {
      namespaces: number;
      documents: number;
    };
  }

  createNamespace(indexId: string, name: string): NamespaceRow {
    this.write();
    this.sql("INSERT OR IGNORE INTO search_namespaces (index_id, name) VALUES (?, ?)").run(indexId, name);
    return this.namespace(indexId, name) as NamespaceRow;
  }

  /** Stores documents in a namespace (replacing those with the same ids, in place) and indexes their text. */
  upsert(namespace: NamespaceRow, documents: readonly SizedDocument[], searchableAt: number): void {
    this.write();
    const tag = namespaceTag(namespace.id);
    let added = 0;
    let bytes = 0;
    for (const { document, json, bytes: size } of documents) {
      const words = wordsOf(searchableText(document.content));
      const old = this.sql("SELECT rowid, bytes FROM search_documents WHERE namespace_id = ? AND id = ?").get(
        namespace.id,
        document.id,
      ) as { rowid: number; bytes: number } | undefined;
      let rowid: number;
      if (old) {
        this.sql("DELETE FROM search_text WHERE rowid = ?").run(old.rowid);
        this.sql(
          "UPDATE search_documents SET document = ?, bytes = ?, searchable_at = ? WHERE rowid = ?",
        ).run(JSON.stringify(document), size, searchableAt, old.rowid);
        rowid = old.rowid;
        bytes += size - old.bytes;
      } else {
        const inserted = this.sql(
          "INSERT INTO search_documents (namespace_id, id, document, bytes, searchable_at) VALUES (?, ?, ?, ?, ?)",
        ).run(namespace.id, document.id, json, size, searchableAt);
        rowid = Number(inserted.lastInsertRowid);
        added++;
        bytes += size;
      }
      const text = words.length === 0 ? "" : tag + words.join(` ${tag}`);
      this.sql("INSERT INTO search_text (rowid, text) VALUES (?, ?)").run(rowid, text);
      this.vocabularies.added(namespace.id, words);
    }
    this.#counted(namespace.id, added, bytes);
  }

  /** Deletes documents by rowid (from the table and the text index) and updates the counts. */
  deleteRows(namespaceId: number, rows: readonly { rowid: number; bytes: number }[]): number {
    if (rows.length === 0) return 0;
    this.write();
    let bytes = 0;
    for (const row of rows) {
      this.sql("DELETE FROM search_text WHERE rowid = ?").run(row.rowid);
      this.sql("DELETE FROM search_documents WHERE rowid = ?").run(row.rowid);
      bytes += row.bytes;
    }
    this.#counted(namespaceId, -rows.length, -bytes);
    return rows.length;
  }

  /** Empties a namespace; `drop` removes the namespace itself too. */
  emptyNamespace(namespaceId: number, drop: boolean): void {
    this.write();
    this.sql(
      "DELETE FROM search_text WHERE rowid IN (SELECT rowid FROM search_documents WHERE namespace_id = ?)",
    ).run(namespaceId);
    this.sql("DELETE FROM search_documents WHERE namespace_id = ?").run(namespaceId);
    if (drop) this.sql("DELETE FROM search_namespaces WHERE id = ?").run(namespaceId);
    else this.sql("UPDATE search_namespaces SET documents = 0, bytes = 0 WHERE id = ?").run(namespaceId);
    this.vocabularies.forget(namespaceId);
  }

  /** Everything of an index: its documents, their text and its namespaces. */
  dropIndex(indexId: string): void {
    for (const namespace of this.namespaces(indexId)) this.emptyNamespace(namespace.id, true);
  }

  dropAll(): void {
    this.write();
    this.sql("DELETE FROM search_text").run();
    this.sql("DELETE FROM search_documents").run();
    this.sql("DELETE FROM search_namespaces").run();
    this.sql("DELETE FROM search_indexes").run();
    this.sql("UPDATE search_totals SET namespaces = 0, documents = 0").run();
    this.vocabularies.clear();
  }

  /** The index ids that hold a namespace, in the order they first did. */
  indexIds(): string[] {
    const rows = this.sql(
      "SELECT index_id FROM search_namespaces GROUP BY index_id ORDER BY min(id)",
    ).all() as { index_id: string }[];
    return rows.map((row) => row.index_id);
  }

  #counted(namespaceId: number, documents: number, bytes: number): void {
    if (documents === 0 && bytes === 0) return;
    this.sql("UPDATE search_namespaces SET documents = documents + ?, bytes = bytes + ? WHERE id = ?").run(
      documents,
      bytes,
      namespaceId,
    );
  }
}
