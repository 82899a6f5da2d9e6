import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { nodeCrypto } from "./node-crypto.ts";

/**
 * Why `path` cannot take a result, or undefined when it can: its folder must exist and be
 * writable, and what is there already must be a regular file. A symlink could point the tokens
 * (and the chmod) at another file; a FIFO or a device would block or swallow them.
 */
export function outputFileProblem(path: string): string | undefined {
  const folder = dirname(path);
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch {
    return `the folder ${folder} does not exist or is not writable`;
  }
  const existing = lstatOrUndefined(path);
  if (existing === undefined || existing.isFile()) return undefined;
  const kind = existing.isSymbolicLink()
    ? "a symbolic link"
    : existing.isDirectory()
      ? "a directory"
      : "not a regular file";
  return `${path} is ${kind}; give the path of a regular file (or of none yet)`;
}

/**
 * Writes `text` to `path`, readable by its owner only (0600): into a new file beside it, then
 * renamed over it, so a reader never sees half a file, a symlink planted at `path` is replaced
 * rather than followed, and an existing file's wider permissions do not carry over.
 */
export function writeSecretFile(path: string, text: string): void {
  const problem = outputFileProblem(path);
  if (problem !== undefined) throw new Error(`cannot write the result: ${problem}`);
  const temp = join(dirname(path), `.${basename(path)}.${nodeCrypto().randomBytes(6).toString("hex")}.tmp`);
  // "wx": created here and now, never an existing file (nor one a symlink points to).
  const fd = openSync(temp, "wx", 0o600);
  try {
    try {
      fchmodSync(fd, 0o600);
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
