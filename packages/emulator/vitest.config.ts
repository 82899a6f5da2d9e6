import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Many tests start processes (the bin, git); on a loaded 2-core machine that can take
    // seconds. A limit against hangs, not a speed assertion.
    testTimeout: 60_000,
    // scripts/test-node22.mjs names its own report, so the Node 24 one is kept.
    reporters: [
      "default",
      ["json", { outputFile: process.env["STASHKIT_VITEST_REPORT"] ?? "test-results/vitest.json" }],
    ],
  },
});
