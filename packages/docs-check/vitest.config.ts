import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The blocks run as processes against the emulator, and tsc checks them: seconds each on a
    // loaded 2-core machine. A limit against hangs, not a speed budget (vitest's default is 5 s).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
