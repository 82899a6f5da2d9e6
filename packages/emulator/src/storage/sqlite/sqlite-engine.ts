import type { z } from "zod";
import { checkedTableName, type StorageEngine } from "../engine.ts";
import type { Table } from "../table.ts";
import type { TableOptions } from "../table-declaration.ts";
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

  table<S extends z.ZodType>(name: string, schema: S, options: TableOptions = {}): Table<z.output<S>> {
    let table = this.#tables.get(name);
    if (!table) {
      table = new SqliteTable<unknown>(this.#db, { ...options, name: checkedTableName(name), schema });
      this.#tables.set(name, table);
    }
    return table as Table<z.output<S>>;
  }

  /**
   * Checks every row of every table the stores declared with its schema, after bringing the rows
   * of an older file (`fromVersion`) to this version's shape: a row that cannot be read stops the
   * start (`refuse`'s error); a row an upgrade drops is said (`dropped`). Before any other use.
   */
  checkRows(fromVersion: number, refuse: (problem: string) => Error, dropped: (text: string) => void): void {
    for (const table of this.#tables.values()) table.checkRows(fromVersion, refuse, dropped);
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

  abandon(): void {
    this.#db.abandon();
  }

  close(): void {
    this.#db.commit();
    // Folds the write-ahead log back into the file, so what is left is one file.
    this.#db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    this.#db.close();
  }
}
