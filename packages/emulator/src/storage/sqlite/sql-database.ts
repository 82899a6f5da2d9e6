import type { DatabaseSync, StatementSync } from "node:sqlite";
import { type UnitParticipant, Units } from "../units.ts";

/** How long changes no answer waits for may wait to share a sync of the file. */
const GROUP_COMMIT_MS = 20;

/**
 * One SQLite connection and the write transaction it has open. Every change goes through
 * `write()`, which opens a transaction if none is; `commit()` ends it. A unit of work is a
 * savepoint in that transaction, made at the unit's first change (a unit that only reads costs
 * nothing), released when the unit is kept and rolled back to when it is undone. The request
 * pipeline commits once per request that changes something, so a request's changes reach the
 * file together, and an answer leaves only once they are there.
 */
export class SqlDatabase implements UnitParticipant {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  /** The units of work this connection takes part in (its engine's). */
  readonly units: Units;
  #writing = false;
  /** Savepoints made: those of units 1 to this depth. */
  #savepoints = 0;
  #commitQueued = false;
  #open = true;
  /** Schemas defined inside a unit's savepoint: undoing that unit undoes them (see `define`). */
  #definedInUnits: { depth: number; undone: () => void }[] = [];

  /**
   * `writing`: the connection already has a write transaction open (`BEGIN` was run); `units`:
   * its engine's units of work (by default its own).
   */
  constructor(db: DatabaseSync, options: { writing?: boolean; units?: Units } = {}) {
    this.#db = db;
    this.#writing = options.writing ?? false;
    this.units = options.units ?? new Units(() => this.commit());
    this.units.join(this);
  }

  /** A prepared statement, made once per text. */
  statement(sql: string): StatementSync {
    if (!this.#open) throw new StoresClosedError();
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs statements that change nothing the caller reads back (schema, pragmas). */
  exec(sql: string): void {
    this.#db.exec(sql);
  }

  /**
   * Makes tables on first use (`CREATE … IF NOT EXISTS`), in the open transaction but below any
   * unit's savepoint when this connection has none open yet, so a request that fails after
   * making them does not take them with it. Made inside a savepoint (the unit had already changed
   * something here), they go if that unit is undone: the prepared statements are dropped and
   * `undone` is called, for the caller to make them again on next use.
   */
  define(schema: string, undone: () => void): void {
    if (!this.#open) throw new StoresClosedError();
    if (!this.#writing) {
      this.#db.exec("BEGIN IMMEDIATE");
      this.#writing = true;
    }
    this.#db.exec(schema);
    if (this.#savepoints > 0) this.#definedInUnits.push({ depth: this.#savepoints, undone });
  }

  /** Call before a change: it joins the open transaction (and the open unit's savepoint), or opens them. */
  write(): void {
    if (!this.#open) throw new StoresClosedError();
    if (!this.#writing) {
      this.#db.exec("BEGIN IMMEDIATE");
      this.#writing = true;
    }
    while (this.#savepoints < this.units.depth) this.#db.exec(`SAVEPOINT unit_${++this.#savepoints}`);
  }

  begin(): void {
    // Nothing until the unit's first change.
  }

  keep(depth: number): void {
    if (this.#savepoints < depth) return;
    this.#db.exec(`RELEASE unit_${depth}`);
    this.#savepoints = depth - 1;
    // Kept into the enclosing unit: undoing that one now undoes the schema.
    for (const defined of this.#definedInUnits) defined.depth = Math.min(defined.depth, this.#savepoints);
    this.#definedInUnits = this.#definedInUnits.filter((defined) => defined.depth > 0);
  }

  undo(depth: number): void {
    if (this.#savepoints < depth) return;
    this.#db.exec(`ROLLBACK TO unit_${depth}`);
    this.#db.exec(`RELEASE unit_${depth}`);
    this.#savepoints = depth - 1;
    const gone = this.#definedInUnits.filter((defined) => defined.depth >= depth);
    if (gone.length === 0) return;
    this.#definedInUnits = this.#definedInUnits.filter((defined) => defined.depth < depth);
    this.#statements.clear();
    for (const defined of gone) defined.undone();
  }

  commit(): void {
    if (!this.#writing) return;
    if (this.#savepoints > 0) throw new Error("a commit inside a unit of work: ask the engine's units");
    try {
      this.#db.exec("COMMIT");
    } catch (error) {
      // A failed commit (a full disk) must not leave the next request inside this transaction.
      try {
        this.#db.exec("ROLLBACK");
      } catch {
        // Already rolled back by SQLite; the commit's error is the one to report.
      }
      throw error;
    } finally {
      this.#writing = false;
    }
  }

  /**
   * Commits within `GROUP_COMMIT_MS`, so that changes nobody waits for (deliveries settled, cron
   * ticks) share one sync of the file instead of paying one each (a sync takes from a tenth of a
   * millisecond on a quiet disk to several on a busy one). A request's commit, or `close`,
   * commits them earlier.
   */
  commitSoon(): void {
    if (!this.#writing || this.#commitQueued) return;
    this.#commitQueued = true;
    setTimeout(() => {
      this.#commitQueued = false;
      if (this.#open) this.units.commit();
    }, GROUP_COMMIT_MS).unref();
  }

  close(): void {
    this.#open = false;
    this.commit();
    this.#statements.clear();
    this.#db.close();
  }

  /** Closes without committing: what the open transaction changed is rolled back (a start that failed). */
  abandon(): void {
    this.#open = false;
    if (this.#writing) this.#db.exec("ROLLBACK");
    this.#writing = false;
    this.#savepoints = 0;
    this.#statements.clear();
    this.#db.close();
  }
}

/** What reading or changing the state says once the emulator has stopped and closed its database. */
export class StoresClosedError extends Error {
  constructor() {
    super(
      "the emulator has stopped and closed its state: read emulator.state (or export a snapshot) before stop()",
    );
    this.name = "StoresClosedError";
  }
}
