// A request is one unit of work: every change it makes stays when it answers below 400, and none
// does otherwise (issue 43). The batch of the issue, as a client sees it, on both stores and after
// a restart of the durable one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../src/index.ts";
import { emulator, messaging } from "./helpers.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-unit-"));
  folders.push(folder);
  return join(folder, "state.db");
}

async function batch(server: RunningEmulator, entries: unknown[]) {
  const response = await fetch(`${server.url}/v2/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.messagingToken}`, "content-type": "application/json" },
    body: JSON.stringify(entries),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

async function lagOf(server: RunningEmulator, queue: string): Promise<number> {
  const answer = await messaging(server).get(queue);
  expect(answer.status).toBe(200);
  return (answer.json as { lag: number }).lag;
}

const INTO_Q1 = { destination: "http://127.0.0.1:9/a", queue: "q1" };

const REFUSED_ENTRIES = [
  [
    "a URL group that does not exist",
    { destination: "no-such-group" },
    404,
    { error: 'URL group "no-such-group" not found' },
  ],
  [
    "context.invoke without who invoked it",
    {
      destination: "http://127.0.0.1:9/workflows/other",
      headers: {
        "Upstash-Workflow-Init": "true",
        "Upstash-Workflow-RunId": "wfr_invoked",
        "Upstash-Workflow-Invoke": "true",
      },
    },
    400,
    { error: expect.stringMatching(/an invoke's body must be a JSON object with workflowRunId/) },
  ],
] as const;

describe("a batch with one refused entry", () => {
  it.each(REFUSED_ENTRIES)(
    "(%s) answers its error and publishes nothing, not even the entries before it",
    async (_case, refused, status, body) => {
      const server = await emulator();
      expect((await messaging(server).upsert({ queueName: "q1", paused: true })).status).toBe(200);
      const answer = await batch(server, [INTO_Q1, refused]);
      expect(answer).toEqual({ status, json: body });
      expect(await lagOf(server, "q1")).toBe(0);
      expect(server.state.queues["q1"]?.messages).toEqual([]);
      expect(server.state.messageEvents).toEqual([]);
    },
  );

  it("leaves the queue's lag at 0 after a restart of the durable store too", async () => {
    const file = dataFile();
    const first = await emulator({ dataFile: file });
    await messaging(first).upsert({ queueName: "q1", paused: true });
    expect((await batch(first, [INTO_Q1, { destination: "no-such-group" }])).status).toBe(404);
    await first.stop();
    const again = await emulator({ dataFile: file });
    expect(await lagOf(again, "q1")).toBe(0);
    expect(again.state.queues["q1"]).toMatchObject({ paused: true, messages: [] });
  });

  it("publishes every entry when none is refused (the same batch, the group made first)", async () => {
    const server = await emulator();
    await messaging(server).upsert({ queueName: "q1", paused: true });
    const group = await fetch(`${server.url}/v2/topics/some-group/endpoints`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}`, "content-type": "application/json" },
      body: JSON.stringify({ endpoints: [{ url: "http://127.0.0.1:9/b" }] }),
    });
    expect(group.status).toBe(200);
    const answer = await batch(server, [INTO_Q1, { destination: "some-group", queue: "q1" }]);
    expect(answer.status).toBe(200);
    expect(await lagOf(server, "q1")).toBe(2);
  });
});
