#!/usr/bin/env node
// Drops `publishConfig.provenance` from the named packages' package.json in the rehearsal's copy
// of the repository. npm lets that setting win over the command line, and provenance needs a CI
// provider's identity token, which a local publish does not have. Nothing else changes.
//
// Usage: node rehearsal/without-provenance.mjs <copy of the repository> <package name>…
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [copy, ...names] = process.argv.slice(2);
if (!copy || names.length === 0) {
  console.error("without-provenance: usage: without-provenance.mjs <repository copy> <package name>…");
  process.exit(2);
}

const manifests = readdirSync(join(copy, "packages")).map((dir) =>
  join(copy, "packages", dir, "package.json"),
);
for (const name of names) {
  const file = manifests.find((path) => JSON.parse(readFileSync(path, "utf8")).name === name);
  if (!file) {
    console.error(`without-provenance: no packages/*/package.json is ${name}`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  if (manifest.publishConfig) delete manifest.publishConfig.provenance;
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}
