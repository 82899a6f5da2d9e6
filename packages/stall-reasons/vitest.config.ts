import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Some tests start processes or servers; on a loaded 2-core machine that can take seconds.
    // A limit against hangs, not a speed budget (vitest's default is 5 s).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // scripts/test-node22.mjs names its own report, so the Node 24 one is kept.
    reporters: [
      "default",
      ["json", { outputFile: process.env["STASHKIT_VITEST_REPORT"] ?? "test-results/vitest.json" }],
    ],
  },
});
