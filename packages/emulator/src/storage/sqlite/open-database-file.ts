import { chmodSync, closeSync, openSync } from "node:fs";
import { accessCode, DataFileError } from "../data-file-error.ts";
import { DATA_FILE_VERSION } from "./data-file-version.ts";
import { sqliteModule } from "./load-sqlite.ts";
import { SqlDatabase } from "./sql-database.ts";

/** Marks a SQLite file as the emulator's ("stke"), so another program's database is told apart. */
export const APPLICATION_ID = 0x73746b65;

/** Read and write for the owner only: the file holds signing keys and index tokens. */
const PRIVATE_FILE_MODE = 0o600;
/** SQLite's "the database is locked" (`SQLITE_BUSY`). */
const SQLITE_BUSY = 5;

export interface OpenedDatabase {
  db: SqlDatabase;
  /** False for a file that holds no emulator state yet (new, or a start that never finished). */
  initialized: boolean;
  /** The data file version that wrote it (`DATA_FILE_VERSION` for a new one). */
  version: number;
}

/**
 * Opens (or makes) a data file and takes it for this process alone: exclusive locking, so a
 * second emulator on the same file stops at start instead of both writing; WAL with full sync,
 * so a committed transaction survives a kill at any moment. A write transaction is left open;
 * the caller fills a new file and then calls `markInitialized` before its first commit.
 */
export function openDatabaseFile(file: string): OpenedDatabase {
  makePrivate(file);
  const { DatabaseSync } = sqliteModule();
  let raw: InstanceType<typeof DatabaseSync>;
  try {
    raw = new DatabaseSync(file);
  } catch (error) {
    throw new DataFileError(file, `cannot be opened (${(error as Error).message})`, { cause: error });
  }
  try {
    raw.exec("PRAGMA locking_mode = EXCLUSIVE");
    raw.exec("PRAGMA journal_mode = WAL");
    raw.exec("PRAGMA synchronous = FULL");
    // A unit of work's savepoint keeps the pages it changes in a sub-journal: in memory, not a
    // temporary file written for every delivery.
    raw.exec("PRAGMA temp_store = MEMORY");
    raw.exec("BEGIN IMMEDIATE");
  } catch (error) {
    raw.close();
    throw openFailure(file, error);
  }
  const applicationId = pragmaNumber(raw, "application_id");
  const version = pragmaNumber(raw, "user_version");
  const db = new SqlDatabase(raw, { writing: true });
  // Empty and unstamped: new (the stamp lands in the same transaction as the first tables).
  if (applicationId === 0 && version === 0 && tableCount(raw) === 0) {
    return { db, initialized: false, version: DATA_FILE_VERSION };
  }
  if (applicationId !== APPLICATION_ID) {
    db.close();
    throw new DataFileError(
      file,
      "is a SQLite database of another program, not an emulator's data file; choose another --data-file",
    );
  }
  if (version > DATA_FILE_VERSION) {
    db.close();
    throw new DataFileError(
      file,
      `was written by a newer emulator (data file version ${version}; this one reads up to ${DATA_FILE_VERSION}): upgrade @stashkit/emulator, or choose another --data-file`,
    );
  }
  return { db, initialized: true, version };
}

/**
 * Stamps a filled new file (or one whose rows were just upgraded) as the emulator's, of this
 * version, in the open transaction (so it lands with the content).
 */
export function markInitialized(db: SqlDatabase): void {
  db.write();
  db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  db.exec(`PRAGMA user_version = ${DATA_FILE_VERSION}`);
}

/** Makes the file owner-only (creating it empty if missing) before SQLite opens it. */
function makePrivate(file: string): void {
  try {
    closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const where =
      code === "ENOENT" ? "its folder does not exist" : `it cannot be written (${accessCode(code)})`;
    throw new DataFileError(file, `cannot be used: ${where}`, { cause: error });
  }
}

function openFailure(file: string, error: unknown): DataFileError {
  const { errcode, message } = error as { errcode?: number; message?: string };
  if (errcode === SQLITE_BUSY) {
    return new DataFileError(
      file,
      "is in use by another emulator (or another program holds it locked): stop that one, or choose another --data-file",
      { cause: error },
    );
  }
  return new DataFileError(
    file,
    `is not an emulator data file (${message ?? String(error)}); move it aside or choose another --data-file`,
    { cause: error },
  );
}

function tableCount(db: { prepare(sql: string): { get(): unknown } }): number {
  const row = db.prepare("SELECT count(*) AS n FROM sqlite_schema").get() as { n: number };
  return Number(row.n);
}

function pragmaNumber(db: { prepare(sql: string): { get(): unknown } }, name: string): number {
  const row = db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown> | undefined;
  return Number(row?.[name] ?? 0);
}
