import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Its hooks remove the temp folders each test made (action runs' among them), pass or fail,
    // in every test file, whether or not the file imports it.
    setupFiles: ["@stashkit/testing/vitest"],
    testTimeout: 60_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
