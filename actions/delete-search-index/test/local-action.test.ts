import { join } from "node:path";
import { startEmulator } from "@stashkit/emulator";
import { basicAuthorization, managementEnv, runLocalAction } from "@stashkit/testing";
import { expect, it } from "vitest";

// A second, independent client of the action interface: @github/local-action runs the
// TypeScript entry (not dist/) with inputs from a dotenv file and no job summary file.
// A generous timeout: local-action compiles the TypeScript entry at run time, which takes
// minutes on a busy 2-core machine (the rest of the suite runs beside it).
it("deletes an index when run by @github/local-action", async () => {
  const server = await startEmulator();
  try {
    await fetch(`${server.url}/v2/search`, {
      method: "POST",
      headers: { authorization: basicAuthorization(server.account) },
      body: JSON.stringify({ name: "local-action-delete", region: "eu-west-1", type: "free" }),
    });
    const run = await runLocalAction({
      actionDir: join(import.meta.dirname, ".."),
      inputs: { name: "local-action-delete", "base-url": server.url },
      env: managementEnv(server.account),
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.outputs["count"]).toBe("1");
    expect(server.state.indexes).toEqual([]);
  } finally {
    await server.stop();
  }
}, 180_000);
