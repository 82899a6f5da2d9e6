import { describe, expect, it } from "vitest";
import { errorSchema, flowControlKeySchema } from "../contract.ts";
import { conforms, eventually, recorder, withSdk } from "./helpers.ts";

describe("official SDK: flow control", () => {
  it("holds messages while their key is paused and delivers them in order after resume", async () => {
    const { client, raw } = await withSdk();
    const hook = await recorder();
    // Paused before any message uses it: a deploy pauses first, then traffic arrives.
    await client.flowControl.pause("tenant-7");
    for (const n of [1, 2, 3, 4]) {
      await client.publish({
        url: `${hook.url}/fc`,
        body: `m${n}`,
        flowControl: { key: "tenant-7", parallelism: 1 },
      });
    }

    const held = conforms(flowControlKeySchema, (await raw("GET", "/v2/flowControl/tenant-7")).json);
    expect(held).toMatchObject({
      flowControlKey: "tenant-7",
      waitListSize: 4,
      isPaused: true,
      parallelismMax: 1,
    });
    expect(hook.received).toEqual([]);
    const listed = (await raw("GET", "/v2/flowControl")).json as unknown[];
    expect(listed.map((entry) => conforms(flowControlKeySchema, entry).flowControlKey)).toEqual(["tenant-7"]);

    await client.flowControl.resume("tenant-7");
    await eventually(() => hook.received.length === 4, "four deliveries");
    expect(hook.received.map((r) => r.body)).toEqual(["m1", "m2", "m3", "m4"]);
    const after = await client.flowControl.get("tenant-7");
    expect(after).toMatchObject({ waitListSize: 0, isPaused: false });
  });

  it("keeps at most `rate` deliveries per period, the rest waiting for the next period", async () => {
    const { client, server } = await withSdk();
    const hook = await recorder();
    for (const n of [1, 2, 3]) {
      await client.publish({
        url: `${hook.url}/rate`,
        body: `r${n}`,
        flowControl: { key: "slow", rate: 1, period: "1m" },
      });
    }
    await eventually(() => hook.received.length === 1, "the first delivery");
    const waiting = await client.flowControl.get("slow");
    expect(waiting).toMatchObject({ waitListSize: 2, rateMax: 1, rateCount: 1, ratePeriod: 60 });

    server.advanceClock(60_000);
    await eventually(() => hook.received.length === 2, "the second period's delivery");
    server.advanceClock(60_000);
    await eventually(() => hook.received.length === 3, "the third period's delivery");
    expect(hook.received.map((r) => r.body)).toEqual(["r1", "r2", "r3"]);
  });

  it("pins limits over those of incoming messages and reports the pin", async () => {
    const { client } = await withSdk();
    await client.flowControl.pause("pinned");
    await client.flowControl.pin("pinned", { parallelism: 3 });
    await client.publish({
      url: "http://127.0.0.1:9/x",
      body: "x",
      flowControl: { key: "pinned", parallelism: 1 },
    });
    expect(await client.flowControl.get("pinned")).toMatchObject({
      parallelismMax: 3,
      isPinnedParallelism: true,
    });
    await client.flowControl.unpin("pinned", { parallelism: true });
    expect(await client.flowControl.get("pinned")).toMatchObject({
      parallelismMax: 1,
      isPinnedParallelism: false,
    });
  });

  it("answers 404 for a key it has never seen", async () => {
    const { raw } = await withSdk();
    const answer = await raw("GET", "/v2/flowControl/nobody");
    expect(answer.status).toBe(404);
    expect(conforms(errorSchema, answer.json).error).toMatch(/nobody/);
  });

  it("refuses a malformed Upstash-Flow-Control-Value", async () => {
    const { raw, server } = await withSdk();
    const answer = await raw("POST", "/v2/publish/http://127.0.0.1:9/x", {
      headers: { "upstash-flow-control-key": "k", "upstash-flow-control-value": "parallelism=many" },
    });
    expect(answer.status).toBe(400);
    expect(conforms(errorSchema, answer.json).error).toMatch(/parallelism must be a whole number/);
    expect(server.state.messages).toEqual([]);
  });
});
