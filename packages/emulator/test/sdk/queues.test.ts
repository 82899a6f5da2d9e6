import { describe, expect, it } from "vitest";
import { queueSchema } from "../contract.ts";
import { conforms, eventually, recorder, withSdk } from "./helpers.ts";

describe("official SDK: queues", () => {
  it("upserts, gets, lists, pauses, resumes and deletes a queue", async () => {
    const { client } = await withSdk();
    const queue = client.queue({ queueName: "emails" });
    await queue.upsert({ parallelism: 2 });
    expect(conforms(queueSchema, await queue.get())).toMatchObject({
      name: "emails",
      parallelism: 2,
      paused: false,
    });
    expect((await queue.list()).map((q) => conforms(queueSchema, q).name)).toEqual(["emails"]);

    await queue.pause();
    expect((await queue.get()).paused).toBe(true);
    await queue.resume();
    expect((await queue.get()).paused).toBe(false);
    await queue.delete();
    await expect(queue.get()).rejects.toThrow(/not found/);
  });

  it("holds enqueued messages while paused, counting them as lag, and delivers them in order on resume", async () => {
    const { client } = await withSdk();
    const hook = await recorder();
    const queue = client.queue({ queueName: "held" });
    await queue.upsert({ parallelism: 1, paused: true });
    for (const n of [1, 2, 3]) await queue.enqueueJSON({ url: `${hook.url}/q`, body: { n } });
    expect((await queue.get()).lag).toBe(3);
    expect(hook.received).toEqual([]);

    await queue.resume();
    await eventually(() => hook.received.length === 3, "three deliveries");
    expect(hook.received.map((r) => JSON.parse(r.body).n)).toEqual([1, 2, 3]);
    expect((await queue.get()).lag).toBe(0);
  });
});
