import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { type EmulatorState, emptyState } from "./records.ts";

/**
 * Holds the emulator's state. With a data file, `commit()` writes the whole state to a
 * temporary file, flushes it and renames it over the data file, so a crash at any moment
 * leaves either the old or the new state, never half of one. Handlers commit before they
 * answer: an acknowledged change is on disk.
 */
export class Store {
  readonly state: EmulatorState;
  readonly #dataFile: string | undefined;

  constructor(dataFile?: string) {
    this.#dataFile = dataFile;
    this.state = dataFile ? load(dataFile) : emptyState();
  }

  commit(): void {
    const file = this.#dataFile;
    if (!file) return;
    const temporary = `${file}.${process.pid}.tmp`;
    const fd = openSync(temporary, "w");
    try {
      writeSync(fd, JSON.stringify(this.state));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  }

  /** Empties the state in place: route handlers keep references to `state.queues`. */
  reset(): void {
    for (const name of Object.keys(this.state.queues)) delete this.state.queues[name];
    this.state.indexes.length = 0;
    this.commit();
  }
}

function load(file: string): EmulatorState {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyState();
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<EmulatorState>;
  return { queues: parsed.queues ?? {}, indexes: parsed.indexes ?? [] };
}
