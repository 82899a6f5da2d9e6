import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Some tests start processes or servers; on a loaded 2-core machine that can take seconds.
    // A limit against hangs, not a speed budget (vitest's default is 5 s).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
