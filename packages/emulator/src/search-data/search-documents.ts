import { z } from "zod";
import type { AreaContext } from "../state/area.ts";
import { byName, namedRecords } from "../state/by-name.ts";
import type { StorageEngine } from "../storage/engine.ts";
import { SearchDatabase } from "./database.ts";
import { DocumentTables, type StoredDocument } from "./documents/document-tables.ts";
import { wellFormedId } from "./request-schemas.ts";

const storedDocumentSchema = z.object({
  // A snapshot cannot bring back what an upsert refuses: two ids SQLite would make one.
  id: wellFormedId.check(z.minLength(1)),
  content: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** How a snapshot holds the documents: index id → namespace → documents. */
export const persistedDocumentsSchema = byName(namedRecords(z.array(storedDocumentSchema)));
export type PersistedDocuments = z.output<typeof persistedDocumentsSchema>;

/**
 * The documents of every search database the emulator holds, by index id, on SQLite: the data
 * file's database, or one in memory, opened on first use.
 */
export class SearchDocuments {
  readonly #engine: StorageEngine;
  readonly #context: AreaContext;
  #tables: DocumentTables | undefined;
  readonly #pageEnds = new Map<number, Map<string, string>>();

  constructor(engine: StorageEngine, context: AreaContext) {
    this.#engine = engine;
    this.#context = context;
  }

  /** The database of an index (empty until something is stored in it). */
  database(indexId: string): SearchDatabase {
    return new SearchDatabase(
      this.#open(),
      indexId,
      (namespaceId) => this.#pageEndsOf(namespaceId),
      this.#context.limits,
    );
  }

  /** Namespaces (those holding documents or made) and documents, every index together. */
  totals(): { namespaces: number; documents: number } {
    if (this.#tables === undefined && this.#engine.kind === "memory") return { namespaces: 0, documents: 0 };
    return this.#open().grandTotals();
  }

  /** Deletes everything an index held (its index was deleted). */
  dropIndex(indexId: string): void {
    if (this.#tables === undefined && this.#engine.kind === "memory") return;
    this.#open().dropIndex(indexId);
    this.#pageEnds.clear();
  }

  clear(): void {
    if (this.#tables === undefined && this.#engine.kind === "memory") return;
    this.#open().dropAll();
    this.#pageEnds.clear();
  }

  /** The documents as a snapshot holds them: index → namespace → documents; empty namespaces left out. */
  toJSON(): Record<string, Record<string, StoredDocument[]>> {
    const persisted: Record<string, Record<string, StoredDocument[]>> = {};
    if (this.#tables === undefined && this.#engine.kind === "memory") return persisted;
    const tables = this.#open();
    for (const indexId of tables.indexIds()) {
      const database = this.database(indexId);
      const namespaces: [string, StoredDocument[]][] = [];
      for (const name of database.namespaceNames()) {
        const documents = [...(database.namespace(name)?.documentsInOrderStored() ?? [])];
        if (documents.length > 0) namespaces.push([name, documents]);
      }
      if (namespaces.length > 0) persisted[indexId] = Object.fromEntries(namespaces);
    }
    return persisted;
  }

  /** Puts back a snapshot's documents. */
  load(persisted: PersistedDocuments): void {
    for (const [indexId, namespaces] of persisted) {
      const database = this.database(indexId);
      for (const [name, documents] of namespaces) database.load(name, documents.map(withoutUndefined));
    }
  }

  #open(): DocumentTables {
    const { limits, noticeOnce } = this.#context;
    this.#tables ??= new DocumentTables(this.#engine.sql(), { words: limits.typoWords, noticeOnce }, () => {
      this.#tables = undefined;
      this.#pageEnds.clear();
    });
    return this.#tables;
  }

  #pageEndsOf(namespaceId: number): Map<string, string> {
    let ends = this.#pageEnds.get(namespaceId);
    if (!ends) {
      ends = new Map();
      this.#pageEnds.set(namespaceId, ends);
    }
    return ends;
  }
}

/** zod's output has `metadata: undefined` where the snapshot had none; a stored document has no key then. */
function withoutUndefined(document: z.output<typeof storedDocumentSchema>): StoredDocument {
  return document.metadata === undefined
    ? { id: document.id, content: document.content }
    : { id: document.id, content: document.content, metadata: document.metadata };
}
