import {
  closeSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { DataFileError } from "../storage/data-file-error.ts";

/** Read and write for the owner only. */
const PRIVATE_FILE_MODE = 0o600;

/** Reads a data file's JSON; `undefined` when there is no file yet, a `DataFileError` when it is unusable. */
export function readDataFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw new DataFileError(file, `cannot be read (${code ?? String(error)})`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DataFileError(
      file,
      `is not valid JSON (${(error as Error).message}); fix it or move it aside`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Writes the whole state to `<file>.<pid>.tmp`, flushes it and renames it over the file,
 * so a crash at any moment leaves either the old or the new state. The temporary file is
 * opened exclusively: a leftover or planted file (even a symlink) there makes the write
 * fail instead of being followed.
 */
export function writeDataFile(file: string, state: unknown): void {
  const temporary = temporaryName(file, process.pid);
  // Owner only, on every write: the file holds signing keys and tokens, and the rename replaces
  // the old file with this one, mode and all.
  const fd = openSync(temporary, "wx", PRIVATE_FILE_MODE);
  try {
    try {
      writeSync(fd, JSON.stringify(state));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    removeQuietly(temporary);
    throw error;
  }
}

/**
 * Removes the temporary files that processes killed mid-write (kill -9) left beside the
 * data file. A file whose process still runs is left alone: it may be writing right now.
 */
export function removeStaleTemporaries(file: string): void {
  const folder = dirname(file);
  const pattern = new RegExp(`^${escapeRegExp(basename(file))}\\.(\\d+)\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataFileError(file, `cannot be used: its folder cannot be read (${code ?? String(error)})`, {
      cause: error,
    });
  }
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid)) continue;
    if (pid !== process.pid && processRuns(pid)) continue;
    unlinkSync(join(folder, name));
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // The write already failed; that error is the one worth reporting.
  }
}

function temporaryName(file: string, pid: number): string {
  return `${file}.${pid}.tmp`;
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
