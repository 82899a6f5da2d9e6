/** A seed file (`--seed`) cannot be read, is not valid JSON/YAML, or says something the APIs refuse. */
export class SeedFileError extends Error {
  readonly file: string;
  /** The line (from 1) the problem is on, when it is on one. */
  readonly line: number | undefined;
  constructor(file: string, line: number | undefined, problem: string, options?: { cause?: unknown }) {
    super(`seed file "${file}"${line === undefined ? "" : ` line ${line}`}: ${problem}`, options);
    this.name = "SeedFileError";
    this.file = file;
    this.line = line;
  }
}
