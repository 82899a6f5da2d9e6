import { join } from "node:path";
import { startEmulator } from "@stashkit/emulator";
import { runLocalAction } from "@stashkit/testing";
import { expect, it } from "vitest";

// A second, independent client of the action interface: @github/local-action runs the
// TypeScript entry (not dist/) with inputs from a dotenv file and no job summary file.
// A generous timeout: local-action compiles the TypeScript entry at run time, which takes
// minutes on a busy 2-core machine (the rest of the suite runs beside it).
it("resumes a queue when run by @github/local-action", async () => {
  const server = await startEmulator();
  try {
    await fetch(`${server.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}` },
      body: JSON.stringify({ queueName: "orders", parallelism: 1, paused: true }),
    });
    const run = await runLocalAction({
      actionDir: join(import.meta.dirname, ".."),
      inputs: { "queue-name": "orders", "messaging-url": server.url, token: server.messagingToken },
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.outputs["resumed"]).toBe('["orders"]');
    expect(server.state.queues["orders"]?.paused).toBe(false);
    expect(run.stdout).toContain(`::add-mask::${server.messagingToken}`);
  } finally {
    await server.stop();
  }
}, 180_000);
