import type { EmulatorState } from "../src/index.ts";
import { startEmulator } from "../src/index.ts";

/**
 * What a data file holds, read the way the emulator reads it: an emulator started on the file
 * (which must not be in use), asked for its state, and stopped. Nothing reads the file's tables
 * directly, so these tests hold whatever the layout becomes.
 */
export async function stateInDataFile(dataFile: string): Promise<Record<string, unknown> & EmulatorState> {
  const reader = await startEmulator({ dataFile, log: () => {} });
  try {
    return reader.exportSnapshot().state as Record<string, unknown> & EmulatorState;
  } finally {
    await reader.stop();
  }
}
