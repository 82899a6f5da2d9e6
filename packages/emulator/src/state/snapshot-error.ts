/** A snapshot (`--import`, `--export-on-exit`, `stashkit-emulator export`) cannot be read or written. */
export class SnapshotError extends Error {
  readonly file: string;
  constructor(file: string, problem: string, options?: { cause?: unknown }) {
    super(`snapshot "${file}" ${problem}`, options);
    this.name = "SnapshotError";
    this.file = file;
  }
}
