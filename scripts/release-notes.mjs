#!/usr/bin/env node
// Prints the changelog section of one version (`vX.Y.Z`), for the GitHub release. The core, the
// emulator and the actions share one version, so the core's changelog speaks for the release.
import { readFileSync } from "node:fs";

const tag = process.argv[2] ?? "";
const version = tag.replace(/^v/, "");
const changelog = readFileSync(new URL("../packages/core/CHANGELOG.md", import.meta.url), "utf8");
const start = changelog.indexOf(`\n## ${version}\n`);
if (!/^\d+\.\d+\.\d+/.test(version) || start < 0) {
  console.error(`release-notes: no section "## ${version}" in packages/core/CHANGELOG.md`);
  process.exit(1);
}
const rest = changelog.slice(start + 1);
const end = rest.indexOf("\n## ", 1);
console.log((end < 0 ? rest : rest.slice(0, end)).replace(/^## .*\n/, "").trim());
