import { copyFileSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A copy of an action with its bundle's entry and nothing else of `dist/`: no lazily loaded
 * chunk. A run of it that needs a chunk fails to import it, so a test can show that a step
 * refusing an input loads only the entry (bench S4: the client, its transport and zod are in
 * chunks such a step never compiles). Returns the copy's folder, for `runAction`'s `actionDir`.
 */
export function entryOnlyCopy(actionDir: string): { actionDir: string; chunks: string[] } {
  const copy = mkdtempSync(join(tmpdir(), "stashkit-entry-only-"));
  mkdirSync(join(copy, "dist"));
  copyFileSync(join(actionDir, "action.yml"), join(copy, "action.yml"));
  for (const file of ["index.js", "package.json"]) {
    copyFileSync(join(actionDir, "dist", file), join(copy, "dist", file));
  }
  const chunks = readdirSync(join(actionDir, "dist")).filter(
    (file) => file.endsWith(".js") && file !== "index.js",
  );
  return { actionDir: copy, chunks };
}
