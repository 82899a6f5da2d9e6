/** The `--data-file` / `dataFile` cannot be used: unreadable, not JSON, or not emulator state. */
export class DataFileError extends Error {
  readonly file: string;
  constructor(file: string, problem: string, options?: { cause?: unknown }) {
    super(`data file "${file}" ${problem}`, options);
    this.name = "DataFileError";
    this.file = file;
  }
}
