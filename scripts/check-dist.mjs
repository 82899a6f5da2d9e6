#!/usr/bin/env node
// Fails when the committed action bundles differ from what the build just produced: the
// runner executes the committed dist/, so it must be exactly what the sources build to.
import { execFileSync } from "node:child_process";

const DIST = ":(glob)actions/*/dist/**";

/** Runs git; any failure fails the check: a checkout git will not read proves nothing about dist/. */
function git(args) {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const reason = String(error.stderr ?? error.message).trim();
    console.error(
      `check-dist: git failed (${reason || `exit ${error.status}`}); cannot tell whether dist/ matches the sources`,
    );
    process.exit(1);
  }
}

// Without a shell, git gets the pattern itself: only glob magic makes "*" and "**" match paths
// below dist/ (a plain pathspec "actions/*/dist" matches nothing there).
const changed = git(["status", "--porcelain", "--untracked-files=all", "--", DIST]).trim();
if (changed) {
  console.error("check-dist: the committed dist/ differs from a fresh build:");
  console.error(changed);
  console.error(git(["diff", "--stat", "--", DIST]));
  console.error("Run `pnpm build` and commit the actions' dist/ folders.");
  process.exit(1);
}
console.log("check-dist: every action's dist/ matches a fresh build");
