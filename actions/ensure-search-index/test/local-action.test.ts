import { join } from "node:path";
import { startEmulator } from "@stashkit/emulator";
import { managementEnv, runLocalAction } from "@stashkit/testing";
import { expect, it } from "vitest";

// A second, independent client of the action interface: @github/local-action runs the
// TypeScript entry (not dist/) with inputs from a dotenv file and no job summary file.
// A generous timeout: local-action compiles the TypeScript entry at run time, which takes
// minutes on a busy 2-core machine (the rest of the suite runs beside it).
it("creates an index when run by @github/local-action", async () => {
  const server = await startEmulator();
  try {
    const run = await runLocalAction({
      actionDir: join(import.meta.dirname, ".."),
      inputs: { name: "local-action-check", region: "us-central1", "base-url": server.url },
      env: managementEnv(server.account),
    });
    expect(run.exitCode, run.stdout).toBe(0);
    const index = server.state.indexes[0]?.index;
    expect(index?.name).toBe("local-action-check");
    expect(run.outputs["id"]).toBe(index?.id);
    expect(run.outputs["created"]).toBe("true");
  } finally {
    await server.stop();
  }
}, 180_000);
