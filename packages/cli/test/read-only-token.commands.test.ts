import { randomBytes } from "node:crypto";
import type { RunningEmulator } from "@stashkit/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, type CliRun, createQueue, emulatorFor, runCli, secrets } from "./cli.ts";

// The service's read-only token reads logs, messages and queues and cannot write (403): the
// commands that only read must work with it alone, and one that writes must say it was refused.
const s = secrets();
const readOnly = `ro-${randomBytes(12).toString("hex")}`;
let emulator: RunningEmulator;
const runs: CliRun[] = [];

beforeAll(async () => {
  emulator = await emulatorFor(s, { messagingReadOnlyTokens: [readOnly] });
  await createQueue(emulator, s, "orders", true);
  const enqueued = await fetch(`${emulator.url}/v2/enqueue/orders/https://example.com/hook`, {
    method: "POST",
    body: "hello",
    headers: { authorization: `Bearer ${s.token}` },
  });
  expect(enqueued.ok).toBe(true);
});
afterAll(() => emulator.stop());

async function withReadOnlyToken(...args: string[]): Promise<CliRun> {
  const run = await runCli(args, apiEnv(emulator, s, { QSTASH_TOKEN: readOnly }));
  runs.push(run);
  return run;
}

describe("the read commands with a read-only QStash token", () => {
  it("lists queues, a queue's messages and the DLQ", async () => {
    const queues = await withReadOnlyToken("queues", "list", "--format", "json");
    expect(queues.code, queues.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(queues.stdout))).toContain('"orders"');
    const messages = await withReadOnlyToken("queues", "messages", "orders", "--format", "json");
    expect(messages.code, messages.stderr).toBe(0);
    expect(JSON.parse(messages.stdout)).toMatchObject({ queue: "orders", messages: [{ state: "CREATED" }] });
    const dlq = await withReadOnlyToken("dlq", "list", "--format", "json");
    expect(dlq.code, dlq.stderr).toBe(0);
    expect(JSON.parse(dlq.stdout)).toMatchObject({ messages: [] });
  });

  it("is refused a write, which changes nothing, and the token is never printed", async () => {
    const resumed = await withReadOnlyToken("queues", "resume", "orders");
    expect(resumed.code).not.toBe(0);
    expect(resumed.stderr).toContain("403");
    expect(emulator.state.queues["orders"]?.paused).toBe(true);
    for (const run of runs) expect(`${run.stdout}${run.stderr}`).not.toContain(readOnly);
  });
});
