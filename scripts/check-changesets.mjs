#!/usr/bin/env node
// Every pending changeset must parse: frontmatter between "---" lines naming workspace packages
// and a bump (patch, minor, major), then a summary. A broken one stops `pnpm release` later.
import { readdirSync, readFileSync } from "node:fs";

const packages = new Set(
  [
    "packages/core",
    "packages/emulator",
    "packages/ci-context",
    "packages/cli",
    "packages/action-kit",
    "packages/testing",
    "actions/ensure-search-index",
    "actions/resume-queue",
    "actions/pause-queue",
    "actions/delete-search-index",
    "reliability",
    "bench",
  ].map((dir) => JSON.parse(readFileSync(`${dir}/package.json`, "utf8")).name),
);
const problems = [];
const files = readdirSync(".changeset").filter((f) => f.endsWith(".md") && f !== "README.md");
for (const file of files) {
  const text = readFileSync(`.changeset/${file}`, "utf8");
  const match = /^---\n([\s\S]*?)\n---\n+(\S[\s\S]*)$/.exec(text);
  if (!match) {
    problems.push(`${file}: must start with frontmatter between "---" lines, then a summary`);
    continue;
  }
  for (const line of match[1].split("\n").filter((l) => l.trim() !== "")) {
    const entry = /^"([^"]+)": (patch|minor|major)$/.exec(line.trim());
    if (!entry) problems.push(`${file}: "${line}" is not "package": patch|minor|major`);
    else if (!packages.has(entry[1]))
      problems.push(`${file}: ${entry[1]} is not a package of this workspace`);
  }
}
for (const problem of problems) console.error(`check-changesets: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`check-changesets: ${files.length} pending changeset(s) parse`);
