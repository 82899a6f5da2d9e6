import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { temporaryFolder } from "./temp-folders.ts";

/**
 * A copy of an action with its bundle's entry and nothing else of `dist/`: no lazily loaded
 * chunk. A run of it that needs a chunk fails to import it, so a test can show that a step
 * refusing an input loads only the entry (bench S4: the client, its transport and zod are in
 * chunks such a step never compiles). Returns the copy's folder, for `runAction`'s `actionDir`.
 */
export function entryOnlyCopy(actionDir: string): { actionDir: string; chunks: string[] } {
  const copy = temporaryFolder("stashkit-entry-only-");
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

/**
 * The size of an action's bundle as the benchmark and the README count it: `dist/index.js` and
 * every chunk it may load, except undici's (loaded only behind a proxy), in bytes; and the entry
 * alone, all that a step refusing an input compiles.
 */
export function actionBundleBytes(actionDir: string): { bytes: number; entryBytes: number } {
  const dist = join(actionDir, "dist");
  const chunks = readdirSync(dist).filter((file) => file.endsWith(".js"));
  const loaded = chunks.filter(
    (file) => !readFileSync(join(dist, file), "latin1").includes("class EnvHttpProxyAgent"),
  );
  if (loaded.length === chunks.length) throw new Error(`${dist}: no chunk holds undici's EnvHttpProxyAgent`);
  return {
    bytes: loaded.reduce((sum, file) => sum + statSync(join(dist, file)).size, 0),
    entryBytes: statSync(join(dist, "index.js")).size,
  };
}
