import type { ScanOptions, Table, TableEntry } from "../table.ts";
import type { TableDeclaration } from "../table-declaration.ts";
import { DATA_FILE_VERSION } from "./data-file-version.ts";
import type { SqlDatabase } from "./sql-database.ts";

/**
 * Rows a scan reads at a time (a statement is never left open between them): a few first, since
 * most scans stop early (a queue's head, the oldest expired key), then more.
 */
const FIRST_BATCH = 16;
const BATCH = 128;

interface Row {
  pos: number;
  key: string;
  grp: string;
  value: string;
}

/**
 * A table in the data file: one SQL table of (position, key, group, JSON value), the position an
 * AUTOINCREMENT row id (never reused, so cursors stay valid), an index on (group, position) for
 * a group's order. Counts are read once and then kept as the table changes: this connection is
 * the file's only writer (it holds an exclusive lock); a unit of work undone makes them read again.
 */
export class SqliteTable<T> implements Table<T> {
  readonly #db: SqlDatabase;
  readonly #name: string;
  readonly #declared: TableDeclaration;
  /** Entries per group (and "" → … under `#total`), filled on first use. */
  readonly #counts = new Map<string, number>();
  #total: number | undefined;

  constructor(db: SqlDatabase, declared: TableDeclaration) {
    const { name } = declared;
    this.#db = db;
    this.#name = name;
    this.#declared = declared;
    db.exec(
      `CREATE TABLE IF NOT EXISTS "${name}" (pos INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, grp TEXT NOT NULL, value TEXT NOT NULL);
       CREATE INDEX IF NOT EXISTS "${name}_by_group" ON "${name}" (grp, pos);`,
    );
    db.units.onUndo(() => {
      this.#counts.clear();
      this.#total = undefined;
    });
  }

  get(key: string): T | undefined {
    const row = this.#sql(`SELECT value FROM "${this.#name}" WHERE key = ?`).get(key) as
      | { value: string }
      | undefined;
    return row === undefined ? undefined : (JSON.parse(row.value) as T);
  }

  has(key: string): boolean {
    return this.#sql(`SELECT 1 FROM "${this.#name}" WHERE key = ?`).get(key) !== undefined;
  }

  put(key: string, value: T, group = ""): void {
    const text = JSON.stringify(value);
    this.#db.write();
    const updated = this.#sql(`UPDATE "${this.#name}" SET value = ? WHERE key = ? AND grp = ?`).run(
      text,
      key,
      group,
    );
    if (Number(updated.changes) > 0) return;
    this.delete(key);
    this.#sql(`INSERT INTO "${this.#name}" (key, grp, value) VALUES (?, ?, ?)`).run(key, group, text);
    this.#counted(group, 1);
  }

  delete(key: string): boolean {
    this.#db.write();
    const gone = this.#sql(`DELETE FROM "${this.#name}" WHERE key = ? RETURNING grp`).get(key) as
      | { grp: string }
      | undefined;
    if (gone === undefined) return false;
    this.#counted(gone.grp, -1);
    return true;
  }

  count(group?: string): number {
    if (group === undefined) {
      this.#total ??= Number(
        (this.#sql(`SELECT count(*) AS n FROM "${this.#name}"`).get() as { n: number }).n,
      );
      return this.#total;
    }
    let count = this.#counts.get(group);
    if (count === undefined) {
      count = Number(
        (this.#sql(`SELECT count(*) AS n FROM "${this.#name}" WHERE grp = ?`).get(group) as { n: number }).n,
      );
      this.#counts.set(group, count);
    }
    return count;
  }

  *scan(options: ScanOptions = {}): IterableIterator<TableEntry<T>> {
    const newestFirst = options.newestFirst === true;
    let after = options.after ?? (newestFirst ? Number.MAX_SAFE_INTEGER : 0);
    const where = [
      options.group === undefined ? "1" : "grp = :group",
      newestFirst ? "pos < :after" : "pos > :after",
    ];
    const sql = `SELECT pos, key, grp, value FROM "${this.#name}" WHERE ${where.join(" AND ")} ORDER BY pos ${newestFirst ? "DESC" : "ASC"} LIMIT :limit`;
    for (let limit = FIRST_BATCH; ; limit = BATCH) {
      const parameters = { after, limit, ...(options.group === undefined ? {} : { group: options.group }) };
      const rows = this.#sql(sql).all(parameters) as unknown as Row[];
      for (const row of rows) {
        yield new StoredEntry<T>(row);
      }
      if (rows.length < limit) return;
      after = (rows[rows.length - 1] as Row).pos;
    }
  }

  dropOldest(count: number): number {
    if (count <= 0) return 0;
    this.#db.write();
    const gone = this.#sql(
      `DELETE FROM "${this.#name}" WHERE pos IN (SELECT pos FROM "${this.#name}" ORDER BY pos LIMIT ?) RETURNING grp`,
    ).all(count) as unknown as { grp: string }[];
    for (const { grp } of gone) this.#counted(grp, -1);
    return gone.length;
  }

  deleteGroup(group: string): number {
    this.#db.write();
    const result = this.#sql(`DELETE FROM "${this.#name}" WHERE grp = ?`).run(group);
    const deleted = Number(result.changes);
    this.#counted(group, -deleted);
    return deleted;
  }

  clear(): void {
    this.#db.write();
    this.#sql(`DELETE FROM "${this.#name}"`).run();
    this.#counts.clear();
    this.#total = 0;
  }

  /** See `SqliteEngine.checkRows`: every row read, upgraded when older, checked; rewritten when upgraded. */
  checkRows(fromVersion: number, refuse: (problem: string) => Error, dropped: (text: string) => void): void {
    const upgrading = fromVersion < DATA_FILE_VERSION;
    let after = 0;
    for (;;) {
      const rows = this.#sql(
        `SELECT pos, key, value FROM "${this.#name}" WHERE pos > ? ORDER BY pos LIMIT ${BATCH}`,
      ).all(after) as unknown as Row[];
      for (const row of rows) this.#checkRow(row, fromVersion, refuse, dropped);
      if (rows.length < BATCH) break;
      after = (rows.at(-1) as Row).pos;
    }
    if (upgrading) {
      this.#counts.clear();
      this.#total = undefined;
    }
  }

  #checkRow(
    row: Row,
    fromVersion: number,
    refuse: (problem: string) => Error,
    dropped: (text: string) => void,
  ) {
    const where = `table "${this.#name}", key ${JSON.stringify(row.key)}`;
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      throw refuse(`has a row that is not JSON (${where}); fix it or move the file aside`);
    }
    for (let version = fromVersion; version < DATA_FILE_VERSION && value !== undefined; version++) {
      const upgrade = this.#declared.upgrades?.[version];
      if (upgrade) value = upgrade(value);
    }
    if (value === undefined) {
      this.#db.write();
      this.#sql(`DELETE FROM "${this.#name}" WHERE pos = ?`).run(row.pos);
      dropped(`${where}: dropped while upgrading the data file (an earlier emulator stored it unreadable)`);
      return;
    }
    const checked = this.#declared.schema.safeParse(value);
    if (!checked.success) {
      const [issue] = checked.error.issues;
      const path = issue?.path.length ? `${issue.path.join(".")}: ` : "";
      throw refuse(
        `has a row the emulator cannot read (${where}: ${path}${issue?.message ?? "unexpected value"}); fix it or move the file aside`,
      );
    }
    if (fromVersion < DATA_FILE_VERSION) {
      this.#db.write();
      this.#sql(`UPDATE "${this.#name}" SET value = ? WHERE pos = ?`).run(
        JSON.stringify(checked.data),
        row.pos,
      );
    }
  }

  #sql(text: string) {
    return this.#db.statement(text);
  }

  #counted(group: string, change: number): void {
    if (this.#total !== undefined) this.#total += change;
    const count = this.#counts.get(group);
    if (count !== undefined) this.#counts.set(group, count + change);
  }
}

/**
 * An entry whose value is parsed when first read: a scan that only looks at keys (the delivery
 * loop skipping messages already in flight at a queue's head) parses none of them.
 */
class StoredEntry<T> implements TableEntry<T> {
  readonly key: string;
  readonly group: string;
  readonly position: number;
  #text: string | undefined;
  #value: T | undefined;

  constructor(row: Row) {
    this.key = row.key;
    this.group = row.grp;
    this.position = row.pos;
    this.#text = row.value;
  }

  get value(): T {
    if (this.#text !== undefined) {
      this.#value = JSON.parse(this.#text) as T;
      this.#text = undefined;
    }
    return this.#value as T;
  }
}
