import type { z } from "zod";
import type { SqlDatabase } from "./sqlite/sql-database.ts";
import type { Table } from "./table.ts";
import type { TableOptions } from "./table-declaration.ts";
import type { Units } from "./units.ts";

/**
 * Where the emulator's state lives: in memory (the default) or durable in one SQLite file
 * (`--data-file`). Stores ask it for tables by name and never see which one it is.
 */
export interface StorageEngine {
  readonly kind: "memory" | "durable";
  /**
   * Its units of work: `units.run(work)` keeps all of `work`'s changes or none (a savepoint on
   * SQLite, an undo log in memory); what keeps a view of the tables (a count, an index in
   * memory) drops it when told by `units.onUndo`.
   */
  readonly units: Units;
  /**
   * The table of that name, made empty on first use (lower-case words and digits joined by `_`), of
   * records of `schema`, which checks each row of a data file at start (`table-declaration.ts`).
   */
  table<S extends z.ZodType>(name: string, schema: S, options?: TableOptions): Table<z.output<S>>;
  /**
   * A SQLite database for stores that need SQL of their own (the search documents and their
   * full-text index): the data file itself, or one in memory, made on first use.
   */
  sql(): SqlDatabase;
  /**
   * Ends the write transaction the changes since the last commit opened: when it returns they
   * are on disk (durable) and survive a kill. In memory, nothing to do. Inside a unit of work it
   * happens when the outermost unit is kept.
   */
  commit(): void;
  /**
   * Commits soon (after the I/O under way): for changes no answer waits for, which then share one
   * sync of the file. A kill before it loses them: a delivery is then made again (at least once).
   */
  commitSoon(): void;
  /** Commits, then releases the file (and its lock). */
  close(): void;
  /** Releases the file without committing (a start that failed leaves the file as it was). */
  abandon(): void;
}

const TABLE_NAME = /^[a-z][a-z0-9_]*$/;

/** Table names become SQL identifiers: only lower-case words and digits joined by `_`. */
export function checkedTableName(name: string): string {
  if (!TABLE_NAME.test(name))
    throw new Error(
      `table name "${name}" must be lower-case letters, digits and "_", starting with a letter`,
    );
  return name;
}
