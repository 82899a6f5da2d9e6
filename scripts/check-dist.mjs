#!/usr/bin/env node
// Fails when the committed action bundles differ from what the build just produced: the
// runner executes the committed dist/, so it must be exactly what the sources build to.
import { execFileSync } from "node:child_process";

let changed;
try {
  changed = execFileSync("git", ["status", "--porcelain", "--", "actions/*/dist"], {
    encoding: "utf8",
  }).trim();
} catch {
  console.log("check-dist: not a git checkout; skipped");
  process.exit(0);
}
if (changed) {
  console.error("check-dist: the committed dist/ differs from a fresh build:");
  console.error(changed);
  console.error(execFileSync("git", ["diff", "--stat", "--", "actions/*/dist"], { encoding: "utf8" }));
  console.error("Run `pnpm build` and commit the actions' dist/ folders.");
  process.exit(1);
}
console.log("check-dist: every action's dist/ matches a fresh build");
