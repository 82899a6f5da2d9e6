import { checkedTableName, type StorageEngine } from "../engine.ts";
import type { Table } from "../table.ts";
import type { Units } from "../units.ts";
import type { SqlDatabase } from "./sql-database.ts";
import { SqliteTable } from "./sqlite-table.ts";

/**
 * The durable engine: every table, and the search documents, in one SQLite file. A unit of work
 * is a savepoint in the file's open transaction.
 */
export class SqliteEngine implements StorageEngine {
  readonly kind = "durable";
  readonly #db: SqlDatabase;
  readonly #tables = new Map<string, SqliteTable<unknown>>();

  /** `db` is an open data file (see `openDatabaseFile`). */
  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  get units(): Units {
    return this.#db.units;
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
    this.#db.units.commit();
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
