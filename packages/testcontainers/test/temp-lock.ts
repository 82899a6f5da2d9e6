// Testcontainers takes a lock file in the temp folder before it would start its reaper, even with
// the reaper off, and leaves it there. The test run must leave the temp folder as it found it, so
// the lock goes when the run ends, unless it was there before (another run's, not ours to remove).
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const lock = join(tmpdir(), `testcontainers-node-${process.getuid?.() ?? 0}.lock`);
  const oursToRemove = !existsSync(lock);
  return () => {
    if (oursToRemove) rmSync(lock, { force: true });
  };
}
