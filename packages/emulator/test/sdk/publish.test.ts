import { describe, expect, it } from "vitest";
import {
  batchResponseSchema,
  cancelledSchema,
  errorSchema,
  messageSchema,
  publishResponseSchema,
  queueSchema,
} from "../contract.ts";
import { conforms, eventually, header, recorder, withSdk } from "./helpers.ts";

describe("official SDK: publish", () => {
  it("publishes JSON to a URL and delivers it signed, with its query string, method and forwarded headers", async () => {
    const { client, receiver } = await withSdk();
    const hook = await recorder();
    const url = `${hook.url}/hook?x=1&y=two%20words`;

    const answer = await client.publishJSON({
      url,
      body: { order: 42 },
      method: "PUT",
      headers: { "My-Header": "my-value", Authorization: "Bearer app-secret" },
    });
    expect(conforms(publishResponseSchema, answer).messageId).toMatch(/^msg_/);

    const delivery = await eventually(() => hook.received[0], "the delivery");
    expect(delivery.method).toBe("PUT");
    expect(delivery.path).toBe("/hook?x=1&y=two%20words");
    expect(JSON.parse(delivery.body)).toEqual({ order: 42 });
    expect(header(delivery, "content-type")).toBe("application/json");
    expect(header(delivery, "my-header")).toBe("my-value");
    expect(header(delivery, "authorization")).toBe("Bearer app-secret");
    expect(header(delivery, "upstash-message-id")).toBe(answer.messageId);
    expect(header(delivery, "upstash-retried")).toBe("0");
    expect(header(delivery, "user-agent")).toBe("Upstash-QStash");
    // The SDK's own prefixed copies and telemetry stay with the emulator.
    expect(Object.keys(delivery.headers).filter((name) => name.startsWith("upstash-forward-"))).toEqual([]);
    expect(header(delivery, "upstash-telemetry-sdk")).toBeUndefined();

    const signature = header(delivery, "upstash-signature") ?? "";
    expect(await receiver.verify({ signature, body: delivery.body, url })).toBe(true);
  });

  it("answers 400 and delivers nothing for a method the document does not list", async () => {
    const { raw, server } = await withSdk();
    const hook = await recorder();
    const answer = await raw("POST", `/v2/publish/${hook.url}/x`, { headers: { "upstash-method": "TRACE" } });
    expect(answer.status).toBe(400);
    expect(conforms(errorSchema, answer.json).error).toMatch(
      /Upstash-Method must be one of GET, POST, PUT, PATCH, DELETE/,
    );
    expect(server.state.messages).toEqual([]);
  });

  it("refuses a URL group it does not know with a clear 404", async () => {
    const { raw } = await withSdk();
    const answer = await raw("POST", "/v2/publish/my-group", { body: "x" });
    expect(answer.status).toBe(404);
    expect(conforms(errorSchema, answer.json).error).toBe('URL group "my-group" not found');
  });

  it("batches messages, one of them into a queue, and delivers each", async () => {
    const { client, raw } = await withSdk();
    const hook = await recorder();
    const answers = await client.batchJSON([
      { url: `${hook.url}/a`, body: { n: 1 } },
      { url: `${hook.url}/b`, body: { n: 2 }, queueName: "batch-queue" },
      { url: `${hook.url}/c`, body: { n: 3 }, headers: { "X-Trace": "t-3" } },
    ]);
    expect(conforms(batchResponseSchema, answers)).toHaveLength(3);
    await eventually(() => hook.received.length === 3, "three deliveries");
    expect(hook.received.map((r) => r.path).sort()).toEqual(["/a", "/b", "/c"]);
    expect(
      header(
        hook.received.find((r) => r.path === "/c"),
        "x-trace",
      ),
    ).toBe("t-3");
    const queue = conforms(queueSchema, (await raw("GET", "/v2/queues/batch-queue")).json);
    expect(queue.parallelism).toBe(1);
  });

  it("checks every batch entry before publishing any", async () => {
    const { raw, server } = await withSdk();
    const answer = await raw("POST", "/v2/batch", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        { destination: "http://127.0.0.1:9/ok" },
        { destination: "http://127.0.0.1:9/bad", headers: { "Upstash-Delay": "soon" } },
      ]),
    });
    expect(answer.status).toBe(400);
    expect(conforms(errorSchema, answer.json).error).toMatch(/batch entry 1: Upstash-Delay/);
    expect(server.state.messages).toEqual([]);
  });
});

describe("official SDK: enqueue", () => {
  it("creates a missing queue with the default parallelism and delivers through it", async () => {
    const { client } = await withSdk();
    const hook = await recorder();
    const queue = client.queue({ queueName: "made-on-demand" });
    const answer = await queue.enqueueJSON({ url: `${hook.url}/q`, body: { hello: "queue" } });
    conforms(publishResponseSchema, answer);

    const delivery = await eventually(() => hook.received[0], "the delivery");
    expect(JSON.parse(delivery.body)).toEqual({ hello: "queue" });
    const created = conforms(queueSchema, await queue.get());
    expect(created).toMatchObject({ name: "made-on-demand", parallelism: 1, paused: false });
  });
});

describe("official SDK: delay and not-before", () => {
  it("holds a delayed message until the clock passes its delay", async () => {
    const { client, server, raw } = await withSdk();
    const hook = await recorder();
    const { messageId } = await client.publish({ url: `${hook.url}/later`, body: "delayed", delay: 600 });

    const pending = conforms(messageSchema, (await raw("GET", `/v2/messages/${messageId}`)).json);
    expect(pending.notBefore).toBe((pending.createdAt ?? 0) + 600_000);
    expect((await client.messages.get(messageId)).notBefore).toBe(pending.notBefore);
    expect(hook.received).toEqual([]);

    server.advanceClock(10 * 60 * 1000);
    const delivery = await eventually(() => hook.received[0], "the delayed delivery");
    expect(delivery.body).toBe("delayed");
  });

  it("holds a message until Upstash-Not-Before, which wins over Upstash-Delay", async () => {
    const { raw, server } = await withSdk();
    const hook = await recorder();
    const notBefore = Math.floor(Date.now() / 1000) + 3600;
    const answer = await raw("POST", `/v2/publish/${hook.url}/nb`, {
      headers: { "upstash-not-before": String(notBefore), "upstash-delay": "1s" },
      body: "at a time",
    });
    const { messageId } = conforms(publishResponseSchema, answer.json);
    const pending = conforms(messageSchema, (await raw("GET", `/v2/messages/${messageId}`)).json);
    expect(pending.notBefore).toBe(notBefore * 1000);

    server.advanceClock(60 * 60 * 1000);
    await eventually(() => hook.received[0], "the delivery at its not-before time");
  });
});

describe("official SDK: deduplication", () => {
  it("answers the first message's id with deduplicated: true and delivers once (deduplication id)", async () => {
    const { client } = await withSdk();
    const hook = await recorder();
    const queue = client.queue({ queueName: "dedup" });
    const first = await queue.enqueue({ url: `${hook.url}/d`, body: "once", deduplicationId: "order-42" });
    const second = await queue.enqueue({ url: `${hook.url}/d`, body: "once", deduplicationId: "order-42" });
    expect(conforms(publishResponseSchema, second)).toMatchObject({
      messageId: first.messageId,
      deduplicated: true,
    });
    expect(conforms(publishResponseSchema, first).deduplicated).toBeUndefined();

    // The queue delivers in order: once the marker arrives, nothing else is coming before it.
    await queue.enqueue({ url: `${hook.url}/marker`, body: "marker" });
    await eventually(() => hook.received.some((r) => r.path === "/marker"), "the marker");
    expect(hook.received.map((r) => r.body)).toEqual(["once", "marker"]);
  });

  it("deduplicates on content when asked to, and not across different bodies", async () => {
    const { client } = await withSdk();
    const hook = await recorder();
    const queue = client.queue({ queueName: "content-dedup" });
    const send = (body: string) =>
      queue.enqueue({ url: `${hook.url}/c`, body, contentBasedDeduplication: true });
    const a = await send("same");
    const b = await send("same");
    const c = await send("different");
    expect(b).toMatchObject({ messageId: a.messageId, deduplicated: true });
    expect(c.messageId).not.toBe(a.messageId);
    await queue.enqueue({ url: `${hook.url}/marker`, body: "marker" });
    await eventually(() => hook.received.some((r) => r.path === "/marker"), "the marker");
    expect(hook.received.map((r) => r.body)).toEqual(["same", "different", "marker"]);
  });
});

describe("official SDK: messages", () => {
  it("gets a pending message with the documented fields and cancels it", async () => {
    const { client, server, raw } = await withSdk();
    const hook = await recorder();
    const { messageId } = await client.publish({
      url: `${hook.url}/never`,
      body: "cancel me",
      delay: 3600,
      label: "cleanup",
      retries: 1,
      headers: { "X-Kept": "yes" },
    });
    const message = conforms(messageSchema, (await raw("GET", `/v2/messages/${messageId}`)).json);
    expect(await client.messages.get(messageId)).toMatchObject(message);
    expect(message).toMatchObject({
      messageId,
      url: `${hook.url}/never`,
      method: "POST",
      body: "cancel me",
      maxRetries: 1,
      labels: ["cleanup"],
    });
    expect(message.header?.["X-Kept"]).toEqual(["yes"]);

    expect(conforms(cancelledSchema, await client.messages.cancel(messageId))).toEqual({ cancelled: 1 });
    await expect(client.messages.get(messageId)).rejects.toThrow(/not found/);
    expect(server.state.messages).toEqual([]);
  });

  it("cancels in bulk by id and by filter", async () => {
    const { client, raw } = await withSdk();
    const ids: string[] = [];
    for (const label of ["a", "a", "b"]) {
      ids.push(
        (await client.publish({ url: "http://127.0.0.1:9/x", body: label, delay: 3600, label })).messageId,
      );
    }
    const byLabel = await raw("DELETE", "/v2/messages?label=a");
    expect(conforms(cancelledSchema, byLabel.json)).toEqual({ cancelled: 2 });
    expect(await client.messages.cancel([ids[2] ?? ""])).toEqual({ cancelled: 1 });
    expect((await raw("GET", `/v2/messages/${ids[2]}`)).status).toBe(404);
  });
});
