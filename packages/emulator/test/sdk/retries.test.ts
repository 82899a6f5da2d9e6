import { describe, expect, it } from "vitest";
import { backoffMs } from "../../src/messaging/engine/delivery/backoff.ts";
import {
  dlqDeleteManySchema,
  dlqListSchema,
  dlqMessageSchema,
  dlqRetryManySchema,
  errorSchema,
  publishResponseSchema,
} from "../contract.ts";
import { conforms, eventually, FAST_RETRIES, header, recorder, withSdk } from "./helpers.ts";

describe("retries and the DLQ", () => {
  it("waits the documented backoff between retries: 12 s, 2 min 28 s, 30 min 8 s, 6 h 7 min, then 1 day", () => {
    expect([0, 1, 2, 3, 4, 5].map((retried) => Math.round(backoffMs(retried, 1) / 1000))).toEqual([
      12, 148, 1808, 22026, 86400, 86400,
    ]);
    expect(backoffMs(0, 0.001)).toBe(12);
  });

  it("retries three times by default, counting in Upstash-Retried, then moves the message to the DLQ", async () => {
    const { client, raw } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder(() => 500);
    const { messageId } = await client.publish({
      url: `${hook.url}/fails`,
      body: "doomed",
      label: "billing",
    });

    const listed = await eventually(async () => {
      const page = await client.dlq.listMessages();
      return page.messages.length > 0 ? page : undefined;
    }, "the DLQ entry");
    expect(hook.received.map((r) => header(r, "upstash-retried"))).toEqual(["0", "1", "2", "3"]);
    expect(new Set(hook.received.map((r) => header(r, "upstash-message-id")))).toEqual(new Set([messageId]));
    expect(listed.messages[0]).toMatchObject({ messageId, responseStatus: 500, labels: ["billing"] });

    const page = conforms(dlqListSchema, (await raw("GET", "/v2/dlq")).json);
    const entry = conforms(dlqMessageSchema, page.messages[0]);
    expect(entry).toMatchObject({
      messageId,
      responseStatus: 500,
      responseBody: "failed with 500",
      maxRetries: 3,
    });
    expect(entry.responseHeader?.["content-type"]).toEqual(["text/plain"]);
    expect(page.cursor).toBeUndefined();
    conforms(dlqMessageSchema, (await raw("GET", `/v2/dlq/${entry.dlqId}`)).json);
    expect((await raw("GET", `/v2/messages/${messageId}`)).status).toBe(404);
  });

  it("honours Upstash-Retries: 0 and lets the queue move on to the next message", async () => {
    const { client, server } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder((request) => (request.path === "/broken" ? 500 : 200));
    const queue = client.queue({ queueName: "orders" });
    await queue.upsert({ parallelism: 1, paused: true });
    await queue.enqueue({ url: `${hook.url}/broken`, body: "first", retries: 0 });
    await queue.enqueue({ url: `${hook.url}/fine`, body: "second" });
    await queue.resume();

    await eventually(() => hook.received.some((r) => r.path === "/fine"), "the second message");
    expect(hook.received.map((r) => r.path)).toEqual(["/broken", "/fine"]);
    expect(server.state.dlq.map((e) => e.message.queueName)).toEqual(["orders"]);
    expect((await queue.get()).lag).toBe(0);
  });

  it("keeps a failing message at the head of its queue while it is retried", async () => {
    const { client } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder((_request, index) => (index < 2 ? 503 : 200));
    const queue = client.queue({ queueName: "fifo" });
    await queue.upsert({ parallelism: 1, paused: true });
    for (const n of [1, 2, 3]) await queue.enqueue({ url: `${hook.url}/m`, body: `m${n}` });
    await queue.resume();
    await eventually(() => hook.received.length === 5, "five requests");
    expect(hook.received.map((r) => `${r.body}:${header(r, "upstash-retried")}`)).toEqual([
      "m1:0",
      "m1:1",
      "m1:2",
      "m2:0",
      "m3:0",
    ]);
  });

  it("waits the backoff on the emulator clock: the retry comes when the clock passes it", async () => {
    const { client, server } = await withSdk();
    let failing = true;
    const hook = await recorder(() => (failing ? 500 : 200));
    await client.publish({ url: `${hook.url}/slow`, body: "x", retries: 1 });
    await eventually(() => server.state.messages[0]?.retried === 1, "the first failure");
    failing = false;
    // The first retry is due 12.18 s after the failure: still one request until the clock moves.
    expect(hook.received).toHaveLength(1);
    server.advanceClock(13_000);
    await eventually(() => server.delivered.length === 1, "the retry");
    expect(header(hook.received[1], "upstash-retried")).toBe("1");
  });

  it("waits what Upstash-Retry-Delay computes from `retried` instead of the default backoff", async () => {
    const { client, server } = await withSdk();
    const hook = await recorder(() => 500);
    await client.publish({
      url: `${hook.url}/custom`,
      body: "x",
      retries: 2,
      retryDelay: "1000 * (1 + retried)",
    });
    await eventually(() => (server.state.messages[0]?.retried ?? 0) >= 1, "the first failure");
    // The default backoff would wait 12 s; the expression says 1 s, then 2 s (real time may
    // already have brought the first retry on a slow machine: hence "at least").
    server.advanceClock(1_100);
    await eventually(
      () => (server.state.messages[0]?.retried ?? 0) >= 2 || server.state.dlq.length === 1,
      "the first retry",
    );
    server.advanceClock(2_100);
    await eventually(() => server.state.dlq.length === 1, "the last retry and the DLQ");
    expect(hook.received.map((r) => header(r, "upstash-retried"))).toEqual(["0", "1", "2"]);
  });

  it.each([
    ["not an expression", "1000 *"],
    ["an unknown variable", "attempts * 1000"],
    ["a negative delay", "0 - 5"],
  ])("answers 400 for an Upstash-Retry-Delay that is %s", async (_case, expression) => {
    const { raw, server } = await withSdk();
    const answer = await raw("POST", "/v2/publish/http://127.0.0.1:9/x", {
      headers: { "upstash-retry-delay": expression },
    });
    expect(answer.status).toBe(400);
    expect(conforms(errorSchema, answer.json).error).toMatch(/Upstash-Retry-Delay/);
    expect(server.state.messages).toEqual([]);
  });

  it("stops retrying when the destination answers 489 with Upstash-NonRetryable-Error", async () => {
    const { client, server } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder(() => ({ status: 489, headers: { "upstash-nonretryable-error": "true" } }));
    await client.publish({ url: `${hook.url}/no`, body: "x", retries: 5 });
    await eventually(() => server.state.dlq.length === 1, "the DLQ entry");
    expect(hook.received).toHaveLength(1);
    expect(server.state.dlq[0]?.responseStatus).toBe(489);
  });

  it("retries a DLQ message (with overriding headers) and deletes DLQ messages one by one and in bulk", async () => {
    const { client, server, raw } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    let failing = true;
    const hook = await recorder(() => (failing ? 500 : 200));
    for (const n of [1, 2, 3]) await client.publish({ url: `${hook.url}/d${n}`, body: `d${n}`, retries: 0 });
    await eventually(() => server.state.dlq.length === 3, "three DLQ entries");
    const [first, second, third] = server.state.dlq.map((entry) => entry.dlqId);
    failing = false;

    const retried = await raw("POST", `/v2/dlq/retry/${first}`, { headers: { "upstash-retries": "2" } });
    expect(retried.status).toBe(201);
    const { messageId } = conforms(publishResponseSchema, retried.json);
    await eventually(() => server.delivered.some((d) => d.messageId === messageId), "the retried message");
    expect(hook.received.at(-1)?.body).toBe("d1");

    await client.dlq.delete(second ?? "");
    expect((await raw("GET", `/v2/dlq/${second}`)).status).toBe(404);
    conforms(errorSchema, (await raw("GET", `/v2/dlq/${second}`)).json);

    const bulk = await raw("DELETE", `/v2/dlq?dlqIds=${third}`);
    expect(conforms(dlqDeleteManySchema, bulk.json)).toEqual({ deleted: 1 });
    expect(server.state.dlq).toEqual([]);
  });

  it("retries DLQ messages in bulk through the SDK", async () => {
    const { client, server, raw } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    let failing = true;
    const hook = await recorder(() => (failing ? 500 : 200));
    for (const n of [1, 2]) await client.publish({ url: `${hook.url}/b${n}`, body: `b${n}`, retries: 0 });
    await eventually(() => server.state.dlq.length === 2, "two DLQ entries");
    failing = false;
    const ids = server.state.dlq.map((entry) => entry.dlqId);
    const answer = await raw("POST", `/v2/dlq/retry?dlqIds=${ids[0]}`);
    expect(conforms(dlqRetryManySchema, answer.json).responses).toHaveLength(1);
    const viaSdk = await client.dlq.retry({ all: true });
    expect(viaSdk.responses).toHaveLength(1);
    await eventually(() => server.delivered.length === 2, "both retried messages");
    expect(server.state.dlq).toEqual([]);
  });
});
