import { checkedTableName, type StorageEngine } from "../engine.ts";
import type { Table } from "../table.ts";
import type { SqlDatabase } from "./sql-database.ts";
import { SqliteTable } from "./sqlite-table.ts";

/** The durable engine: every table, and the search documents, in one SQLite file. */
export class SqliteEngine implements StorageEngine {
  readonly kind = "durable";
  readonly #db: SqlDatabase;
  readonly #tables = new Map<string, SqliteTable<unknown>>();

  /** `db` is an open data file (see `openDataFile`). */
  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  table<T>(name: string): Table<T> {
    let table = this.#tables.get(name);
    if (!table) {
      table = new SqliteTable<unknown>(this.#db, checkedTableName(name));
      this.#tables.set(name, table);
    }
    return table as Table<T>;
  }

  sql(): SqlDatabase {
    return this.#db;
  }

  commit(): void {
    this.#db.commit();
  }

  commitSoon(): void {
    this.#db.commitSoon();
  }

  close(): void {
    this.#db.commit();
    // Folds the write-ahead log back into the file, so what is left is one file.
    this.#db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    this.#db.close();
  }
}
