import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventually, recorder, withSdk } from "./helpers.ts";

const SECRET_BODY = JSON.stringify({ password: "hunter2-body" });
const SECRET_HEADER = "Bearer token-to-redact";

function redacted(value: string): string {
  return `REDACTED:${createHash("sha256").update(value).digest("hex")}`;
}

// Upstash-Redact-Fields (the SDK's `redact` option): the destination gets the original values;
// the API (messages, DLQ, logs, schedules) and the inspector show the named ones as their hash.
describe("official SDK: Upstash-Redact-Fields", () => {
  it("delivers the originals and shows the body and a named header redacted in messages and logs", async () => {
    const { server, client } = await withSdk();
    const hook = await recorder();
    const queue = client.queue({ queueName: "held" });
    await queue.upsert({ paused: true });
    const { messageId } = await queue.enqueue({
      url: `${hook.url}/r`,
      body: SECRET_BODY,
      headers: { Authorization: SECRET_HEADER, "X-Public": "visible" },
      redact: { body: true, header: ["Authorization"] },
    });

    const held = await client.messages.get(messageId);
    expect(held.body).toBe(redacted(SECRET_BODY));
    expect(held.header?.["Authorization"]).toEqual([redacted(SECRET_HEADER)]);
    expect(held.header?.["X-Public"]).toEqual(["visible"]);

    await queue.resume();
    await eventually(() => hook.received.length === 1, "the delivery");
    expect(hook.received[0]?.body).toBe(SECRET_BODY);
    expect(hook.received[0]?.headers["authorization"]).toBe(SECRET_HEADER);

    const { logs } = await eventually(async () => {
      const found = await client.logs({ filter: { messageId, state: "DELIVERED" } });
      return found.logs.length > 0 ? found : undefined;
    }, "the delivered log entry");
    const all = await client.logs({ filter: { messageId } });
    expect(all.logs.length).toBeGreaterThanOrEqual(3);
    for (const log of all.logs) {
      expect(log.header?.["Authorization"]).toEqual([redacted(SECRET_HEADER)]);
      expect(log.header?.["X-Public"]).toEqual(["visible"]);
    }
    expect(logs[0]?.messageId).toBe(messageId);

    const overview = await (await fetch(`${server.url}/__stashkit/inspector/overview`)).text();
    const events = await (
      await fetch(`${server.url}/v2/events?messageId=${messageId}`, {
        headers: { authorization: `Bearer ${server.messagingToken}` },
      })
    ).text();
    for (const text of [overview, events, JSON.stringify(held)]) {
      expect(text).not.toContain("hunter2-body");
      expect(text).not.toContain("token-to-redact");
    }
  });

  it("redacts every header with header: true, in the DLQ too, and a DLQ retry delivers the originals", async () => {
    const { client } = await withSdk();
    let fail = true;
    const hook = await recorder(() => (fail ? 500 : 200));
    const { messageId } = await client.publish({
      url: `${hook.url}/d`,
      body: SECRET_BODY,
      headers: { "X-Secret": "header-secret", "Content-Type": "text/plain" },
      retries: 0,
      redact: { header: true },
    });
    const entry = await eventually(async () => {
      const { messages } = await client.dlq.listMessages();
      return messages.find((message) => message.messageId === messageId);
    }, "the DLQ entry");
    expect(entry.body).toBe(SECRET_BODY);
    expect(entry.header?.["X-Secret"]).toEqual([redacted("header-secret")]);
    expect(entry.header?.["Content-Type"]).toEqual([redacted("text/plain")]);

    fail = false;
    await client.dlq.retry({ dlqIds: [entry.dlqId] });
    await eventually(() => hook.received.length === 2, "the retried delivery");
    expect(hook.received[1]?.headers["x-secret"]).toBe("header-secret");
    const retriedId = hook.received[1]?.headers["upstash-message-id"];
    const retriedLogs = await client.logs({ filter: { messageId: String(retriedId) } });
    expect(retriedLogs.logs.length).toBeGreaterThan(0);
    for (const log of retriedLogs.logs) expect(log.header?.["X-Secret"]).toEqual([redacted("header-secret")]);
  });

  it("shows a schedule's redacted fields hashed in get and list, and its ticks deliver the originals", async () => {
    const { server, client } = await withSdk();
    const hook = await recorder();
    const { scheduleId } = await client.schedules.create({
      destination: `${hook.url}/s`,
      cron: "* * * * *",
      body: SECRET_BODY,
      headers: { Authorization: SECRET_HEADER },
      redact: { body: true, header: ["authorization"] },
    });
    const schedule = await client.schedules.get(scheduleId);
    expect(schedule.body).toBe(redacted(SECRET_BODY));
    expect(schedule.header?.["Authorization"]).toEqual([redacted(SECRET_HEADER)]);
    expect(JSON.stringify(await client.schedules.list())).not.toContain("hunter2-body");

    await server.advanceClock(60_000);
    await eventually(() => hook.received.length >= 1, "the tick's delivery");
    expect(hook.received[0]?.body).toBe(SECRET_BODY);
    expect(hook.received[0]?.headers["authorization"]).toBe(SECRET_HEADER);
  });

  it("refuses a field it does not know with 400 naming the header, and accepts nothing", async () => {
    const { server, raw } = await withSdk();
    const answer = await raw("POST", "/v2/publish/https://example.com/x", {
      headers: { "Upstash-Redact-Fields": "body, cookies" },
      body: "x",
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(
      'Upstash-Redact-Fields takes body, headers and header[Name], comma-separated; got \\"cookies\\"',
    );
    expect(server.state.messages).toEqual([]);
  });
});
