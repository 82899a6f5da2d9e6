import { readFileSync } from "node:fs";

/** The package's version, read from its package.json (one small file, no import graph). */
export function version(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return String(manifest.version);
}
