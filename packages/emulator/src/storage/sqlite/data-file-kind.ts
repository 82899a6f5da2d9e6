import { closeSync, openSync, readSync } from "node:fs";
import { accessCode, DataFileError } from "../data-file-error.ts";

/** What sits at a data file's path: nothing yet, a SQLite database, a JSON file, or something else. */
export type DataFileKind = "missing" | "database" | "json" | "other";

const SQLITE_HEADER = "SQLite format 3\u0000";

/** Tells the kind from the first bytes, without reading the whole file. */
export function dataFileKind(file: string): DataFileKind {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return "missing";
    throw new DataFileError(file, `cannot be read (${accessCode(code ?? String(error))})`, { cause: error });
  }
  try {
    const head = Buffer.alloc(64);
    const length = readSync(fd, head, 0, head.length, 0);
    // An empty file is an empty database to SQLite (and to us).
    if (length === 0) return "database";
    const text = head.subarray(0, length).toString("latin1");
    if (text.startsWith(SQLITE_HEADER)) return "database";
    // Earlier emulators wrote one JSON object (or a user wrote some other JSON value by hand).
    return /^[\s\uFEFF]*[{[]/.test(text) ? "json" : "other";
  } finally {
    closeSync(fd);
  }
}
