#!/usr/bin/env node
// Run in an action's folder after ncc: ncc's dist/licenses.txt misses some bundled packages
// (zod, reached through the workspace's @stashkit/core). Appends the licence of every production
// dependency of the workspace packages the action bundles, when it is not listed yet.
import { appendFileSync, existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

const action = process.cwd();
const licensesFile = join(action, "dist/licenses.txt");
const listed = new Set(
  readFileSync(licensesFile, "utf8")
    .split("\n\n")
    .map((block) => block.split("\n")[0]),
);
const pkg = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/** The production dependencies of the action and of the workspace packages it depends on. */
function bundledDependencies() {
  const found = new Map();
  const visit = (dir) => {
    for (const name of Object.keys(pkg(dir).dependencies ?? {})) {
      const packageDir = installedAt(dir, name);
      if (name.startsWith("@stashkit/")) visit(packageDir);
      else found.set(name, packageDir);
    }
  };
  visit(action);
  return [...found].sort(([a], [b]) => a.localeCompare(b));
}

/** Where a dependency is installed, looking in node_modules from `dir` upwards (exports maps hide package.json from resolution). */
function installedAt(dir, name) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(at) === at) throw new Error(`complete-licenses: ${name} is not installed for ${dir}`);
  }
}

for (const [name, dir] of bundledDependencies()) {
  if (listed.has(name)) continue;
  const licenseName = readdirSync(dir).find((file) => /^licen[cs]e(\.md|\.txt)?$/i.test(file));
  const text =
    licenseName && existsSync(join(dir, licenseName))
      ? readFileSync(join(dir, licenseName), "utf8").trim()
      : "";
  appendFileSync(licensesFile, `\n${name}\n${pkg(dir).license ?? "UNKNOWN"}\n${text}\n`);
}
