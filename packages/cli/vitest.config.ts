import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Every test spawns the real bin; a cold Node start on a busy machine takes a while.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // scripts/test-node22.mjs names its own report, so the Node 24 one is kept.
    reporters: [
      "default",
      ["json", { outputFile: process.env["STASHKIT_VITEST_REPORT"] ?? "test-results/vitest.json" }],
    ],
  },
});
