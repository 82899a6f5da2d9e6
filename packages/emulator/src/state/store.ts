import { loadDataFile, removeStaleTemporaries, writeDataFile } from "./data-file.ts";
import { type EmulatorState, emptyState } from "./records.ts";

/**
 * Holds the emulator's state. With a data file, `commit()` replaces the file atomically
 * (see `writeDataFile`). Handlers commit before they answer: an acknowledged change is on
 * disk. The file is checked when the store is made, so a bad one stops the start, not a
 * later request.
 */
export class Store {
  readonly state: EmulatorState;
  readonly #dataFile: string | undefined;

  constructor(dataFile?: string) {
    this.#dataFile = dataFile;
    if (dataFile) removeStaleTemporaries(dataFile);
    this.state = dataFile ? loadDataFile(dataFile) : emptyState();
  }

  commit(): void {
    if (this.#dataFile) writeDataFile(this.#dataFile, this.state);
  }

  /**
   * Empties the state in place: route handlers keep references to `state.queues`. The signing
   * keys stay: apps under test were configured with them.
   */
  reset(): void {
    for (const name of Object.keys(this.state.queues)) delete this.state.queues[name];
    this.state.indexes.length = 0;
    const { queues, indexes, signingKeys } = this.state;
    Object.assign(this.state, emptyState(), { queues, indexes }, signingKeys ? { signingKeys } : {});
    this.commit();
  }
}
