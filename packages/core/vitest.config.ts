import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Coverage slows everything down and the machine may be busy: limits against hangs, not a
    // speed budget.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // scripts/test-node22.mjs names its own report, so the Node 24 one is kept.
    reporters: [
      "default",
      ["json", { outputFile: process.env["STASHKIT_VITEST_REPORT"] ?? "test-results/vitest.json" }],
    ],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
      thresholds: { lines: 90 },
    },
  },
});
