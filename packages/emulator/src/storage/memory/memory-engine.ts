import type { z } from "zod";
import { checkedTableName, type StorageEngine } from "../engine.ts";
import { sqliteModule } from "../sqlite/load-sqlite.ts";
import { SqlDatabase } from "../sqlite/sql-database.ts";
import type { Table } from "../table.ts";
import { Units } from "../units.ts";
import { MemoryTable } from "./memory-table.ts";
import { UndoLog } from "./undo-log.ts";

/**
 * The default engine: every table in memory, gone when the process ends. The search documents
 * still live in SQLite (a database in memory, made on first use), for the full-text index. A
 * unit of work is undone from an undo log (the tables) and a savepoint (the database).
 */
export class MemoryEngine implements StorageEngine {
  readonly kind = "memory";
  readonly units = new Units(() => this.#sql?.commit());
  readonly #log = new UndoLog();
  readonly #tables = new Map<string, MemoryTable<unknown>>();
  #sql: SqlDatabase | undefined;

  constructor() {
    this.units.join(this.#log);
  }

  /** In memory every record was put by the stores themselves: the schema has nothing to check. */
  table<S extends z.ZodType>(name: string, _schema: S): Table<z.output<S>> {
    let table = this.#tables.get(name);
    if (!table) {
      table = new MemoryTable<unknown>(this.#log);
      this.#tables.set(checkedTableName(name), table);
    }
    return table as Table<z.output<S>>;
  }

  sql(): SqlDatabase {
    this.#sql ??= new SqlDatabase(new (sqliteModule().DatabaseSync)(""), { units: this.units });
    return this.#sql;
  }

  commit(): void {
    this.units.commit();
  }

  commitSoon(): void {
    this.#sql?.commitSoon();
  }

  close(): void {
    this.#sql?.close();
    this.#sql = undefined;
  }

  abandon(): void {
    this.close();
  }
}
