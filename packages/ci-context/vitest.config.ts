import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // scripts/test-node22.mjs names its own report, so the Node 24 one is kept.
    reporters: [
      "default",
      ["json", { outputFile: process.env["STASHKIT_VITEST_REPORT"] ?? "test-results/vitest.json" }],
    ],
  },
});
