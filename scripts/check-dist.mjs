#!/usr/bin/env node
// Fails when the committed action bundles differ from what the build just produced: the
// runner executes the committed dist/, so it must be exactly what the sources build to.
import { execFileSync } from "node:child_process";

const DIST = ":(glob)actions/*/dist/**";
let changed;
try {
  // Without a shell, git gets the pattern itself: only glob magic makes "*" and "**" match paths
  // below dist/ (a plain pathspec "actions/*/dist" matches nothing there).
  changed = execFileSync("git", ["status", "--porcelain", "--untracked-files=all", "--", DIST], {
    encoding: "utf8",
  }).trim();
} catch {
  console.log("check-dist: not a git checkout; skipped");
  process.exit(0);
}
if (changed) {
  console.error("check-dist: the committed dist/ differs from a fresh build:");
  console.error(changed);
  console.error(execFileSync("git", ["diff", "--stat", "--", DIST], { encoding: "utf8" }));
  console.error("Run `pnpm build` and commit the actions' dist/ folders.");
  process.exit(1);
}
console.log("check-dist: every action's dist/ matches a fresh build");
