/**
 * The `--data-file` / `dataFile` cannot be used: unreadable, not an emulator's data file, from a
 * newer emulator, or in use by another. The message is one line naming the file and what to do.
 */
export class DataFileError extends Error {
  readonly file: string;
  constructor(file: string, problem: string, options?: { cause?: unknown }) {
    super(`data file "${file}" ${problem}`, options);
    this.name = "DataFileError";
    this.file = file;
  }
}

/**
 * An error code, and for a permission refused who was refused: in a container the volume's owner
 * is often not the image's user, and the uid says what to change.
 */
export function accessCode(code: string): string {
  const uid = process.getuid?.();
  if ((code !== "EACCES" && code !== "EPERM") || uid === undefined) return code;
  return `${code} for uid ${uid}: give it a folder that user can read and write`;
}
