import { existsSync, readFileSync, rmSync } from "node:fs";
import { DataFileError } from "../storage/data-file-error.ts";
import { MemoryEngine } from "../storage/memory/memory-engine.ts";
import { dataFileKind } from "../storage/sqlite/data-file-kind.ts";
import { DATA_FILE_VERSION } from "../storage/sqlite/data-file-version.ts";
import {
  markInitialized,
  type OpenedDatabase,
  openDatabaseFile,
} from "../storage/sqlite/open-database-file.ts";
import { SqliteEngine } from "../storage/sqlite/sqlite-engine.ts";
import type { AreaContext } from "./area.ts";
import { jsonProblem } from "./json-problem.ts";
import { type AnyArea, Stores } from "./stores.ts";

export interface OpenedStores<A extends AnyArea> {
  stores: Stores<A>;
  /** What the start should tell the user (a JSON data file migrated, or found migrated). */
  notices: string[];
}

/**
 * The stores on the engine the options ask for: in memory without a data file; durable on it
 * with one. A new file starts empty; a JSON data file of an earlier emulator is copied into a
 * database beside it (`<file>.db`), which this and later starts use, and is left as it was. A
 * file that cannot be used stops the start with a `DataFileError` naming it.
 */
export function openStores<A extends AnyArea>(
  areas: readonly A[],
  dataFile: string | undefined,
  context: AreaContext,
): OpenedStores<A> {
  if (dataFile === undefined) return { stores: new Stores(new MemoryEngine(), areas, context), notices: [] };
  const kind = dataFileKind(dataFile);
  if (kind === "other") {
    throw new DataFileError(
      dataFile,
      "is neither an emulator database nor a JSON data file of an earlier emulator; move it aside or choose another --data-file",
    );
  }
  const opened =
    kind === "json" ? openMigrated(areas, dataFile, context) : openDatabase(areas, dataFile, context);
  try {
    opened.stores.checkLimits((problem) => new DataFileError(dataFile, problem));
  } catch (error) {
    opened.stores.abandon();
    throw error;
  }
  return opened;
}

function openDatabase<A extends AnyArea>(
  areas: readonly A[],
  dataFile: string,
  context: AreaContext,
): OpenedStores<A> {
  const opened = openDatabaseFile(dataFile);
  const engine = new SqliteEngine(opened.db);
  const stores = new Stores(engine, areas, context);
  try {
    const notices = opened.initialized ? checkedRows(engine, opened, dataFile) : [];
    if (!opened.initialized) markInitialized(opened.db);
    stores.commit();
    return { stores, notices };
  } catch (error) {
    // What the checks upgraded before a row was refused: rolled back, the file left as it was.
    stores.abandon();
    throw error;
  }
}

/**
 * Every row of the file read with its table's schema (the stores declared the tables), those of
 * an older version upgraded first and the file stamped with this one, in the open transaction.
 */
function checkedRows(engine: SqliteEngine, opened: OpenedDatabase, file: string): string[] {
  const notices: string[] = [];
  const refuse = (problem: string) => new DataFileError(file, problem);
  engine.checkRows(opened.version, refuse, (text) => notices.push(`data file "${file}": ${text}`));
  if (opened.version < DATA_FILE_VERSION) {
    markInitialized(opened.db);
    notices.push(
      `data file "${file}" was written by an earlier emulator (data file version ${opened.version}): upgraded to version ${DATA_FILE_VERSION}`,
    );
  }
  return notices;
}

/**
 * The database made from a JSON data file, `<file>.db`: found from an earlier start, or made now.
 * It is opened (and locked: a second emulator on the same file stops here, "in use") before the
 * JSON is read, and filled and stamped in the one transaction the open began, so a kill midway
 * leaves it empty (the next start makes it again) and no other emulator ever sees half of it.
 */
function openMigrated<A extends AnyArea>(
  areas: readonly A[],
  jsonFile: string,
  context: AreaContext,
): OpenedStores<A> {
  const database = `${jsonFile}.db`;
  const existed = existsSync(database);
  const opened = openDatabaseFile(database);
  if (opened.initialized) {
    opened.db.close();
    const { stores, notices } = openDatabase(areas, database, context);
    const notice = `data file "${jsonFile}" is JSON from an earlier emulator; using "${database}", made from it at an earlier start (the JSON file is not read)`;
    return { stores, notices: [notice, ...notices] };
  }
  const stores = new Stores(new SqliteEngine(opened.db), areas, context);
  try {
    stores.replace(readJsonState(jsonFile), (problem) => new DataFileError(jsonFile, problem));
    markInitialized(opened.db);
    stores.commit();
  } catch (error) {
    stores.abandon();
    // Left as it was: a database this start made (empty) goes.
    if (!existed) removeDatabase(database);
    throw error;
  }
  const notice = `data file "${jsonFile}" is JSON from an earlier emulator: its state was copied into "${database}", which this and later starts use (the JSON file is left as it was)`;
  return { stores, notices: [notice] };
}

function readJsonState(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new DataFileError(file, `cannot be read (${code})`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DataFileError(file, `is not valid JSON (${jsonProblem(text)}); fix it or move it aside`, {
      cause: error,
    });
  }
}

function removeDatabase(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
}
