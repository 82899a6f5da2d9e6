import { z } from "zod";
import { SearchDatabase } from "./database.ts";
import type { StoredDocument } from "./namespace.ts";

const storedDocumentSchema = z.object({
  id: z.string().min(1),
  content: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** How the documents sit in the data file: index id → namespace → documents. */
export const persistedDocumentsSchema = z.record(
  z.string(),
  z.record(z.string(), z.array(storedDocumentSchema)),
);
export type PersistedDocuments = z.infer<typeof persistedDocumentsSchema>;

/**
 * The documents of every search database the emulator holds, by index id. Held in memory with
 * their full-text indexes; `toJSON` gives the plain form the data file keeps, so the state
 * writer can store this object as it is, and loading a file rebuilds the indexes from it.
 */
export class SearchDocuments {
  readonly #databases = new Map<string, SearchDatabase>();
  /** The ids of the indexes that exist, once the data plane has said how to know them. */
  #liveIndexes: (() => ReadonlySet<string>) | undefined;

  constructor(persisted: PersistedDocuments = {}) {
    for (const [indexId, namespaces] of Object.entries(persisted)) {
      const database = this.database(indexId);
      for (const [name, documents] of Object.entries(namespaces)) {
        database.load(name, documents.map(withoutUndefined));
      }
    }
  }

  /** The database of an index, made empty on first use. */
  database(indexId: string): SearchDatabase {
    let database = this.#databases.get(indexId);
    if (!database) {
      database = new SearchDatabase();
      this.#databases.set(indexId, database);
    }
    return database;
  }

  /**
   * From now on, drops the databases of indexes that no longer exist, at once and before each
   * write of the data file: deleting an index deletes its documents.
   */
  followIndexes(liveIndexes: () => ReadonlySet<string>): void {
    this.#liveIndexes = liveIndexes;
    this.#dropDeleted();
  }

  #dropDeleted(): void {
    if (!this.#liveIndexes) return;
    const live = this.#liveIndexes();
    for (const indexId of this.#databases.keys()) if (!live.has(indexId)) this.#databases.delete(indexId);
  }

  toJSON(): PersistedDocuments {
    this.#dropDeleted();
    const persisted: PersistedDocuments = {};
    for (const [indexId, database] of this.#databases) {
      const namespaces: Record<string, StoredDocument[]> = {};
      for (const name of database.namespaceNames()) {
        const namespace = database.namespace(name);
        if (namespace && namespace.size > 0) namespaces[name] = Array.from(namespace.documents());
      }
      if (Object.keys(namespaces).length > 0) persisted[indexId] = namespaces;
    }
    return persisted;
  }
}

/** zod's output has `metadata: undefined` where the file had none; a stored document has no key then. */
function withoutUndefined(document: z.output<typeof storedDocumentSchema>): StoredDocument {
  return document.metadata === undefined
    ? { id: document.id, content: document.content }
    : { id: document.id, content: document.content, metadata: document.metadata };
}
