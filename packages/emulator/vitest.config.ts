import { defineConfig } from "vitest/config";

// Many tests start processes (the bin, git); on a loaded 2-core machine that can take
// seconds. A limit against hangs, not a speed assertion.
const TEST_TIMEOUT = 60_000;
// beforeAll hooks start Chromium and emulators: the same allowance.
const HOOK_TIMEOUT = 120_000;

export default defineConfig({
  test: {
    // scripts/test-node22.mjs names its own report, so the Node 24 one is kept.
    reporters: [
      "default",
      ["json", { outputFile: process.env["STASHKIT_VITEST_REPORT"] ?? "test-results/vitest.json" }],
    ],
    // Every test runs on both stores: in memory, and durable on a data file of its own
    // (`emulator()` in test/helpers.ts reads STASHKIT_TEST_STORE).
    projects: [
      {
        test: {
          name: "memory",
          include: ["test/**/*.test.ts"],
          testTimeout: TEST_TIMEOUT,
          hookTimeout: HOOK_TIMEOUT,
        },
      },
      {
        test: {
          name: "durable",
          include: ["test/**/*.test.ts"],
          testTimeout: TEST_TIMEOUT,
          hookTimeout: HOOK_TIMEOUT,
          env: { STASHKIT_TEST_STORE: "durable" },
        },
      },
    ],
  },
});
