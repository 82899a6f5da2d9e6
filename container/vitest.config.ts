import { defineConfig } from "vitest/config";

// Containers start on a loaded 2-core machine, often beside other suites: a limit against hangs,
// not a speed assertion.
const TEST_TIMEOUT = 180_000;

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: TEST_TIMEOUT,
    hookTimeout: TEST_TIMEOUT,
    globalSetup: ["./test/global-setup.ts"],
    // One file at a time: each starts containers, and the engine is shared.
    fileParallelism: false,
    reporters: [
      "default",
      ["json", { outputFile: process.env["STASHKIT_VITEST_REPORT"] ?? "test-results/vitest.json" }],
    ],
  },
});
