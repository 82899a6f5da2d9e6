#!/usr/bin/env node
// Every pending changeset must parse: frontmatter between "---" lines naming workspace packages
// and a bump (patch, minor, major), then a summary. A broken one stops `pnpm release` later.
// And every action (a folder of actions/) must be in .changeset/config.json's fixed group.
import { readdirSync, readFileSync } from "node:fs";
import { actionFolders, workspacePackages } from "./lib/workspace.mjs";

const packages = new Set(workspacePackages().map((p) => p.name));
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
// Every action is versioned with the rest (changesets' "fixed" group): one left out would be
// released on its own schedule, or not at all.
const fixed = new Set(JSON.parse(readFileSync(".changeset/config.json", "utf8")).fixed.flat());
for (const folder of actionFolders()) {
  const { name } = JSON.parse(readFileSync(`actions/${folder}/package.json`, "utf8"));
  if (!fixed.has(name)) problems.push(`config.json: the fixed group lacks ${name} (actions/${folder})`);
}
for (const name of fixed) {
  if (!packages.has(name))
    problems.push(`config.json: the fixed group names ${name}, not a workspace package`);
}
for (const problem of problems) console.error(`check-changesets: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`check-changesets: ${files.length} pending changeset(s) parse`);
