import { checkedTableName, type StorageEngine } from "../engine.ts";
import { sqliteModule } from "../sqlite/load-sqlite.ts";
import { SqlDatabase } from "../sqlite/sql-database.ts";
import type { Table } from "../table.ts";
import { MemoryTable } from "./memory-table.ts";

/**
 * The default engine: every table in memory, gone when the process ends. The search documents
 * still live in SQLite (a database in memory, made on first use), for the full-text index.
 */
export class MemoryEngine implements StorageEngine {
  readonly kind = "memory";
  readonly #tables = new Map<string, MemoryTable<unknown>>();
  #sql: SqlDatabase | undefined;

  table<T>(name: string): Table<T> {
    let table = this.#tables.get(name);
    if (!table) {
      table = new MemoryTable<unknown>();
      this.#tables.set(checkedTableName(name), table);
    }
    return table as Table<T>;
  }

  sql(): SqlDatabase {
    this.#sql ??= new SqlDatabase(new (sqliteModule().DatabaseSync)(""));
    return this.#sql;
  }

  commit(): void {
    this.#sql?.commit();
  }

  commitSoon(): void {
    this.#sql?.commitSoon();
  }

  close(): void {
    this.#sql?.close();
    this.#sql = undefined;
  }
}
