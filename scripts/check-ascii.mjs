#!/usr/bin/env node
// Fails when an action's bundle holds a non-ASCII character: V8 keeps such a source as a
// two-byte string, slower to scan and compile on every run (issue 28). The builds write every
// such character as an escape (scripts/shake-dist.mjs, esbuild's `charset: "ascii"`); this
// catches a bundle built without it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { actionFolders } from "./lib/workspace.mjs";

const root = process.cwd();
const found = [];
for (const action of actionFolders(root)) {
  const dist = join("actions", action, "dist");
  const bundles = readdirSync(join(root, dist)).filter((file) => file.endsWith(".js"));
  for (const bundle of bundles) {
    const lines = readFileSync(join(root, dist, bundle), "latin1").split("\n");
    lines.forEach((line, i) => {
      const at = line.search(/[\x80-\xff]/);
      if (at >= 0) found.push(`${dist}/${bundle}:${i + 1}:${at + 1}`);
    });
  }
}
if (found.length > 0) {
  console.error("check-ascii: these bundles hold non-ASCII bytes (first byte of each line shown):");
  for (const where of found.slice(0, 20)) console.error(`  ${where}`);
  if (found.length > 20) console.error(`  ... and ${found.length - 20} more lines`);
  console.error("Rebuild the action (its build escapes them with scripts/shake-dist.mjs).");
  process.exit(1);
}
console.log("check-ascii: every action's dist/*.js is pure ASCII");
