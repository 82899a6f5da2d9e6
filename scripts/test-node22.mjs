#!/usr/bin/env node
// `pnpm test:node22`: runs the vitest suites of the packages that claim Node >= 22 (core,
// emulator, ci-context, cli, stall-reasons) with a Node 22 binary, each writing test-results/vitest-node22.json
// for scripts/test-summary.mjs. The binary is STASHKIT_NODE22, else the one .ci/run installs into
// the tool cache. Without a Node 22 binary this fails, saying how to get one: a claim nobody
// checks is not kept.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { node22Path, PREREQUISITES } from "./lib/prerequisites.mjs";

// `pnpm test:node22 cli` runs one package's suite.
const NODE22_PACKAGES =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ["core", "emulator", "ci-context", "cli", "stall-reasons"];

const root = new URL("..", import.meta.url).pathname;
const node22 = node22Path(process.env);
const lacking = PREREQUISITES.node22.missing(process.env);
if (lacking !== undefined) {
  console.error(`test:node22: ${lacking}; get it: ${PREREQUISITES.node22.get}`);
  process.exit(1);
}
const version = spawnSync(node22, ["--version"], { encoding: "utf8" }).stdout.trim();

let failed = false;
for (const name of NODE22_PACKAGES) {
  const dir = join(root, "packages", name);
  console.log(`\ntest:node22: packages/${name} on node ${version}`);
  const vitest = join(dir, "node_modules/vitest/vitest.mjs");
  // The CLI's packed-tarball test runs the installed bin on Node 22 and 24 itself: once is enough.
  const exclude = name === "cli" ? ["--exclude", "test/packed.test.ts"] : [];
  const result = spawnSync(node22, [vitest, "run", ...exclude], {
    cwd: dir,
    stdio: "inherit",
    env: {
      ...process.env,
      // The CLI's tests spawn the bin with the Node that runs them (process.execPath): Node 22 here too.
      PATH: `${join(node22, "..")}:${process.env.PATH}`,
      // pnpm refuses to run on a Node older than the workspace's (.pnpmfile.cjs): a test that packs
      // a package with pnpm (the emulator's installed-package test) runs it on this Node 24.
      STASHKIT_WORKSPACE_NODE_BIN: dirname(process.execPath),
      // Read by each package's vitest.config.ts: the Node 24 report stays where it is.
      STASHKIT_VITEST_REPORT: "test-results/vitest-node22.json",
    },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
