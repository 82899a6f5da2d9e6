import { QstashError } from "@upstash/qstash";
import { describe, expect, it } from "vitest";
import { errorSchema } from "../contract.ts";
import { conforms, eventually, FAST_RETRIES, recorder, withSdk } from "./helpers.ts";

/** What the SDK's call was refused with: the status and the emulator's words (`{error}`). */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(QstashError);
  const { status, message } = error as QstashError;
  return { status: status ?? 0, message: conforms(errorSchema, JSON.parse(message)).error };
}

/** Two DLQ entries (one labelled "keep"), and one message waiting an hour. */
async function filled() {
  const sdk = await withSdk({ retryBackoffScale: FAST_RETRIES });
  const { client } = sdk;
  const hook = await recorder(() => 500);
  await client.publish({ url: `${hook.url}/a`, body: "a", retries: 0, label: "keep" });
  await client.publish({ url: `${hook.url}/b`, body: "b", retries: 0 });
  await eventually(async () => (await client.dlq.listMessages()).messages.length === 2, "two DLQ entries");
  await client.publish({
    url: `${hook.url}/later`,
    body: "later",
    notBefore: Math.floor(Date.now() / 1000) + 3600,
  });
  // Everything that could change: the DLQ, the waiting messages, the log and the deliveries.
  const state = async () => ({
    dlq: (await client.dlq.listMessages()).messages.map((message) => message.dlqId),
    waiting: sdk.server.state.messages.map((message) => message.id),
    events: (await client.logs()).logs.length,
    requests: hook.received.length,
  });
  return { ...sdk, state, before: await state() };
}

describe("official SDK: an unknown filter is refused, and changes nothing", () => {
  it("refuses DELETE /v2/dlq?labeel=x with a 400 naming it, instead of emptying the DLQ", async () => {
    const { client, state, before } = await filled();
    const refused = await refusal(client.dlq.delete({ filter: { labeel: "keep" } } as never));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('unknown filter "labeel"');
    expect(await state()).toEqual(before);
  });

  it("refuses it on the DLQ's list and bulk retry, on bulk cancel and on the logs", async () => {
    const { client, raw, state, before } = await filled();
    const calls = [
      client.dlq.listMessages({ filter: { labeel: "keep" } } as never),
      client.dlq.retry({ filter: { labeel: "keep" } } as never),
      client.messages.cancel({ filter: { urll: "x" } } as never),
      client.logs({ filter: { stat: "CREATED" } } as never),
    ];
    for (const call of calls) expect((await refusal(call)).status).toBe(400);
    // The document's own route for the logs, on the wire.
    const logs = await raw("GET", "/v2/logs?messageid=x");
    expect(logs.status).toBe(400);
    expect(conforms(errorSchema, logs.json).error).toContain('unknown filter "messageid"');
    expect(await state()).toEqual(before);
  });

  it("refuses the destination's host and path on the DLQ, which takes neither", async () => {
    const { client, state, before } = await filled();
    const byHost = await refusal(client.dlq.delete({ filter: { host: "127.0.0.1" } } as never));
    expect(byHost).toMatchObject({ status: 400, message: expect.stringContaining('"host"') });
    expect(await state()).toEqual(before);
  });

  it("still takes every filter the SDK sends, and the credential in the query", async () => {
    const { client, raw, state, before } = await filled();
    const filters = [
      { messageId: "none" },
      { url: "http://none.example" },
      { urlGroup: "none" },
      { scheduleId: "none" },
      { queueName: "none" },
      { callerIp: "0.0.0.0" },
      { label: "none" },
      { flowControlKey: "none" },
      { responseStatus: 999 },
      { fromDate: new Date("2099-01-01") },
      { toDate: new Date("2000-01-01") },
    ];
    for (const filter of filters) {
      expect((await client.dlq.listMessages({ filter })).messages).toEqual([]);
      expect(await client.dlq.delete({ filter })).toMatchObject({ deleted: 0 });
    }
    // The document's `order`: earliest first unless latestFirst.
    const urls = async (order: string) =>
      ((await raw("GET", `/v2/dlq?order=${order}`)).json as { messages: { url: string }[] }).messages.map(
        (message) => new URL(message.url).pathname,
      );
    expect(await urls("earliestFirst")).toEqual(["/a", "/b"]);
    expect(await urls("latestFirst")).toEqual(["/b", "/a"]);
    expect(await client.dlq.delete({ all: true, count: 1 })).toMatchObject({ deleted: 1 });
    expect((await client.dlq.listMessages()).messages).toHaveLength(1);
    const byToken = await raw("GET", "/v2/dlq?qstash_token=wrong", { headers: { authorization: "" } });
    expect(byToken.status).toBe(401);
    expect((await state()).waiting).toEqual(before.waiting);
  });
});
