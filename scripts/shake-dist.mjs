#!/usr/bin/env node
// Run in an action's folder after ncc: one esbuild pass over each
// dist/*.js, not bundling, that drops what no code can reach (classes and functions of zod and
// undici that webpack kept because their modules are evaluated whole) and writes the rest
// minified. Less source for V8 to parse and compile before the first request (bench S1).
//
// Identifiers are not renamed, so every class and function keeps the `name` it had (our errors
// set theirs explicitly; a library may read `constructor.name`), and `keepNames`' wrappers, which
// would run at start-up, are not needed. Every non-ASCII character is written as an escape
// (`charset: "ascii"`): V8 holds a source with one such character as a two-byte string, and the
// bundled libraries carry some (check-ascii.mjs fails on a bundle that still holds one).
//
// This pass keeps each action's bundle within 300 KB (issue 28; without it 380-470 KB); what it
// saves at start-up is within 1 ms of CPU (bench/README.md, "Start-up forks (issue 40)").
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const dist = join(process.cwd(), process.argv[2] ?? "dist");
const files = readdirSync(dist)
  .filter((file) => file.endsWith(".js"))
  .map((file) => join(dist, file));

await build({
  entryPoints: files,
  outdir: dist,
  outbase: dist,
  allowOverwrite: true,
  bundle: false,
  format: "esm",
  platform: "node",
  target: "node24",
  treeShaking: true,
  minifySyntax: true,
  minifyWhitespace: true,
  charset: "ascii",
  // ncc has put the bundled packages' licences in dist/licenses.txt.
  legalComments: "none",
  logLevel: "warning",
});
