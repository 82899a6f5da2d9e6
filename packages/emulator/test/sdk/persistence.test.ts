import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, FAST_RETRIES, recorder, withSdk } from "./helpers.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function dataFile(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "stashkit-messaging-"));
  folders.push(folder);
  return join(folder, "state.json");
}

describe("persisted messaging state", () => {
  it("keeps schedules, paused flow-control keys, held and delayed messages, the DLQ and the signing keys", async () => {
    const file = await dataFile();
    const hook = await recorder((request) => (request.path === "/dead" ? 500 : 200));
    const first = await withSdk({ dataFile: file, retryBackoffScale: FAST_RETRIES });
    const { scheduleId } = await first.client.schedules.create({
      destination: `${hook.url}/cron`,
      cron: "0 * * * *",
      label: "hourly",
    });
    await first.client.schedules.pause({ schedule: scheduleId });
    await first.client.flowControl.pause("tenant");
    await first.client.publish({
      url: `${hook.url}/held`,
      body: "held",
      flowControl: { key: "tenant", parallelism: 1 },
    });
    await first.client.publish({ url: `${hook.url}/later`, body: "later", delay: 3600 });
    await first.client.publish({ url: `${hook.url}/dead`, body: "dead", retries: 0 });
    await eventually(() => first.server.state.dlq.length === 1, "the DLQ entry");
    const keys = { ...first.server.signingKeys };
    await first.server.stop();

    const second = await withSdk({ dataFile: file });
    expect(second.server.signingKeys).toEqual(keys);
    expect(await second.client.schedules.get(scheduleId)).toMatchObject({
      isPaused: true,
      labels: ["hourly"],
    });
    expect(await second.client.flowControl.get("tenant")).toMatchObject({ isPaused: true, waitListSize: 1 });
    expect((await second.client.dlq.listMessages()).messages.map((m) => m.body)).toEqual(["dead"]);
    expect(hook.received.map((r) => r.path)).toEqual(["/dead"]);

    await second.client.flowControl.resume("tenant");
    second.server.advanceClock(3600_000);
    await eventually(() => hook.received.length === 3, "the held and the delayed message");
    expect(hook.received.map((r) => r.path).sort()).toEqual(["/dead", "/held", "/later"]);
  });

  it("loads a data file written before messages had methods, headers and retries", async () => {
    const file = await dataFile();
    const hook = await recorder();
    await writeFile(
      file,
      JSON.stringify({
        queues: {
          old: {
            name: "old",
            createdAt: 1_700_000_000_000,
            updatedAt: 1_700_000_000_000,
            parallelism: 1,
            paused: false,
            messages: [
              {
                id: "msg_legacy",
                destination: `${hook.url}/legacy`,
                body: Buffer.from("from an old file").toString("base64"),
                contentType: "text/plain",
                enqueuedAt: 1_700_000_000_000,
              },
            ],
          },
        },
        indexes: [],
      }),
    );
    await withSdk({ dataFile: file });
    const delivery = await eventually(() => hook.received[0], "the legacy message");
    expect(delivery).toMatchObject({ method: "POST", body: "from an old file" });
    expect(delivery.headers["content-type"]).toBe("text/plain");
  });
});
