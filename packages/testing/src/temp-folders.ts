import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

/**
 * A new folder in the temp folder, removed by `removeTemporaryFolders` (the vitest fixtures call
 * it after each test, and after each file for folders made outside a test), and in any case when
 * the process exits: a test run leaves nothing behind, pass or fail.
 */
export function temporaryFolder(prefix = "stashkit-test-"): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}

/** How many folders were made so far: a mark for `removeTemporaryFolders`. */
export function temporaryFolderCount(): number {
  return made.length;
}

/** Removes every folder made since the `from`-th (all of them by default). */
export function removeTemporaryFolders(from = 0): void {
  for (const folder of made.splice(from)) rmSync(folder, { recursive: true, force: true });
}

// The last resort for a script that stops early: exit handlers run synchronously, as rmSync does.
process.on("exit", () => removeTemporaryFolders());
