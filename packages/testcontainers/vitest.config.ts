import { defineConfig } from "vitest/config";

// Containers start on a loaded 2-core machine: a limit against hangs, not a speed assertion.
const TEST_TIMEOUT = 180_000;

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: TEST_TIMEOUT,
    hookTimeout: TEST_TIMEOUT,
    // No image registry answers in CI: Ryuk (the reaper, pulled from one) stays off, and every
    // test stops what it started itself.
    env: { TESTCONTAINERS_RYUK_DISABLED: "true" },
    fileParallelism: false,
    globalSetup: ["test/temp-lock.ts"],
    reporters: [
      "default",
      ["json", { outputFile: process.env["STASHKIT_VITEST_REPORT"] ?? "test-results/vitest.json" }],
    ],
  },
});
