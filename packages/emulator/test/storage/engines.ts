import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { StorageEngine } from "../../src/storage/engine.ts";
import { MemoryEngine } from "../../src/storage/memory/memory-engine.ts";
import { markInitialized, openDatabaseFile } from "../../src/storage/sqlite/open-database-file.ts";
import { SqliteEngine } from "../../src/storage/sqlite/sqlite-engine.ts";

const open: StorageEngine[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const engine of open.splice(0)) engine.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder of its own for this test, removed after it. */
export function testFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-storage-"));
  folders.push(folder);
  return folder;
}

/** A durable engine on a data file (new in a folder of its own unless given), closed after the test. */
export function durableEngine(file = join(testFolder(), "state.db")): SqliteEngine {
  const { db, initialized } = openDatabaseFile(file);
  if (!initialized) markInitialized(db);
  db.commit();
  const engine = new SqliteEngine(db);
  open.push(engine);
  return engine;
}

/** Closes an engine before the test ends (to reopen its file); idempotent with the cleanup. */
export function closeEngine(engine: StorageEngine): void {
  const at = open.indexOf(engine);
  if (at >= 0) open.splice(at, 1);
  engine.close();
}

export function memoryEngine(): MemoryEngine {
  const engine = new MemoryEngine();
  open.push(engine);
  return engine;
}

/** Both engines, for `describe.each`: every store must behave the same on either. */
export const ENGINES = [
  ["in memory", memoryEngine],
  ["durable", () => durableEngine()],
] as const satisfies readonly (readonly [string, () => StorageEngine])[];
