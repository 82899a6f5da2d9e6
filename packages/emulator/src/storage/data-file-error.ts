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
