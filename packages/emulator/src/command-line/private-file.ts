import { accessSync, constants, lstatSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Why `path` cannot take a file of credentials, or undefined when it can: its folder must exist
 * and be writable, and what is there already must be a regular file (a symbolic link could point
 * the credentials at another file).
 */
export function privateFileProblem(path: string): string | undefined {
  const folder = dirname(path);
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch {
    return `the folder ${folder} does not exist or is not writable`;
  }
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(path);
  } catch {
    existing = undefined;
  }
  if (existing === undefined || existing.isFile()) return undefined;
  return `${path} is ${existing.isSymbolicLink() ? "a symbolic link" : existing.isDirectory() ? "a directory" : "not a regular file"}; give the path of a regular file (or of none yet)`;
}

/**
 * Writes `text` readable by its owner only (0600): into a new file beside `path` ("wx": made here
 * and now), renamed over it, so a reader never sees half of it and a file's wider mode never
 * carries over.
 */
export function writePrivateFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, { mode: 0o600, flag: "wx" });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
