import type { SqlDatabase } from "../../storage/sqlite/sql-database.ts";

/**
 * The search documents' tables, beside the other stores' (in the data file, or a database in
 * memory): each namespace with its counts, each index with its totals and one row with the totals
 * of all (kept by triggers), so `info` and an upsert's limit checks cost a row each, not a count
 * of documents or namespaces;
 * each document as JSON, and one FTS5 full-text index over all of them. Every word a namespace
 * puts in the index carries its tag (`n42x`), so a namespace's words, its prefix queries and its
 * typo candidates are its own. `searchable_at` is the emulator-clock time a document becomes
 * searchable (0: at once), for the indexing-delay setting.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS search_namespaces (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  index_id TEXT NOT NULL,
  name TEXT NOT NULL,
  documents INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  UNIQUE (index_id, name)
);
CREATE TABLE IF NOT EXISTS search_documents (
  rowid INTEGER PRIMARY KEY,
  namespace_id INTEGER NOT NULL,
  id TEXT NOT NULL,
  document TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  searchable_at INTEGER NOT NULL,
  UNIQUE (namespace_id, id)
);
CREATE INDEX IF NOT EXISTS search_documents_pending
  ON search_documents (namespace_id, searchable_at) WHERE searchable_at > 0;
CREATE TABLE IF NOT EXISTS search_indexes (
  index_id TEXT PRIMARY KEY,
  namespaces INTEGER NOT NULL,
  documents INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS search_namespace_added AFTER INSERT ON search_namespaces BEGIN
  INSERT INTO search_indexes (index_id, namespaces, documents) VALUES (NEW.index_id, 1, NEW.documents)
    ON CONFLICT (index_id) DO UPDATE SET namespaces = namespaces + 1, documents = documents + NEW.documents;
END;
CREATE TRIGGER IF NOT EXISTS search_namespace_counted AFTER UPDATE OF documents ON search_namespaces BEGIN
  UPDATE search_indexes SET documents = documents + NEW.documents - OLD.documents WHERE index_id = NEW.index_id;
END;
CREATE TRIGGER IF NOT EXISTS search_namespace_dropped AFTER DELETE ON search_namespaces BEGIN
  UPDATE search_indexes SET namespaces = namespaces - 1, documents = documents - OLD.documents
    WHERE index_id = OLD.index_id;
  DELETE FROM search_indexes WHERE index_id = OLD.index_id AND namespaces = 0;
END;
CREATE TABLE IF NOT EXISTS search_totals (
  id INTEGER PRIMARY KEY CHECK (id = 0),
  namespaces INTEGER NOT NULL,
  documents INTEGER NOT NULL
);
INSERT OR IGNORE INTO search_totals (id, namespaces, documents)
  SELECT 0, count(*), coalesce(sum(documents), 0) FROM search_namespaces;
CREATE TRIGGER IF NOT EXISTS search_totals_added AFTER INSERT ON search_namespaces BEGIN
  UPDATE search_totals SET namespaces = namespaces + 1, documents = documents + NEW.documents;
END;
CREATE TRIGGER IF NOT EXISTS search_totals_counted AFTER UPDATE OF documents ON search_namespaces BEGIN
  UPDATE search_totals SET documents = documents + NEW.documents - OLD.documents;
END;
CREATE TRIGGER IF NOT EXISTS search_totals_dropped AFTER DELETE ON search_namespaces BEGIN
  UPDATE search_totals SET namespaces = namespaces - 1, documents = documents - OLD.documents;
END;
CREATE VIRTUAL TABLE IF NOT EXISTS search_text USING fts5(
  text, content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 0 categories 'L* N* M* Co'"
);
CREATE VIRTUAL TABLE IF NOT EXISTS search_vocabulary USING fts5vocab(search_text, row);
`;

/** Makes the tables if the database has none; `undone`: see `SqlDatabase.define`. */
export function createDocumentTables(db: SqlDatabase, undone: () => void): void {
  db.define(SCHEMA, undone);
}

/** The prefix of a namespace's words in the full-text index: letters and digits, as a word's are. */
export function namespaceTag(namespaceId: number): string {
  return `n${namespaceId}x`;
}
