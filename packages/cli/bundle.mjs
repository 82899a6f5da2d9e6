#!/usr/bin/env node
// Bundles the CLI with esbuild. Unbundled, a cold `stashkit search ensure` loaded ~70 modules of
// core, ci-context, zod and commander one file at a time and took 2.2 × the floor (bench C1).
// Code splitting keeps the lazy loading of program.ts: bin.js alone answers --version, each
// command is its own chunk, and the code they share (core, zod) is one chunk loaded on first use.
// Minified: 424 KB of chunks became 198 KB, and a cold `stashkit search ensure` 4.5 % faster
// (bench C1, 20 alternating pairs): V8 scans every byte of a module it compiles.
//
// Left out of the bundle, and so runtime dependencies: @stashkit/emulator (its own published
// package, loaded only by `stashkit emulator`, which hands it its command line: no other command
// loads it) and undici (loaded only behind a proxy).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { directImports } from "./direct-imports.mjs";

const here = import.meta.dirname;
const out = join(here, "dist");
const manifest = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
const external = Object.keys(manifest.dependencies);

// Chunk names carry a hash: without cleaning, every build would leave the last one's chunks.
rmSync(out, { recursive: true, force: true });
const result = await build({
  // Metafile paths are relative to this folder, wherever the script is run from.
  absWorkingDir: here,
  entryPoints: [join(here, "src/bin.ts")],
  outdir: out,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  external,
  // Chunks sit beside bin.js: version.ts finds package.json at "../package.json" from any of them.
  chunkNames: "[name]-[hash]",
  // commander is CommonJS and requires Node's built-ins; an ES module has no `require` of its own.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);',
  },
  legalComments: "none",
  minify: true,
  metafile: true,
  logLevel: "warning",
  // Each command's chunks hold the parts of core it uses, not all of core (direct-imports.mjs).
  plugins: [directImports(["@stashkit/core", "@stashkit/core/internal", "@stashkit/ci-context"])],
});

writeFileSync(join(out, "licenses.txt"), thirdPartyLicences(Object.keys(result.metafile.inputs)));

/** The licence of every package whose code went into the bundle (our own workspace packages are MIT, in LICENSE). */
function thirdPartyLicences(inputs) {
  const packages = new Map();
  for (const input of inputs) {
    const at = input.lastIndexOf("node_modules/");
    if (at < 0) continue;
    const rest = input.slice(at + "node_modules/".length).split("/");
    const name = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    if (!name || name.startsWith("@stashkit/")) continue;
    packages.set(name, join(here, input.slice(0, at), "node_modules", name));
  }
  return [...packages]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, dir]) => {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      return `${name}@${pkg.version}\n${pkg.license ?? "UNKNOWN"}\n${licenceText(dir)}\n`;
    })
    .join("\n");
}

function licenceText(dir) {
  for (const file of ["LICENSE", "LICENSE.md", "LICENSE.txt", "license", "license.md", "LICENCE"]) {
    try {
      return readFileSync(join(dir, file), "utf8").trim();
    } catch {
      // try the next spelling
    }
  }
  return "(the package ships no licence file)";
}
