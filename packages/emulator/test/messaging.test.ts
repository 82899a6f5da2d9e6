import { describe, expect, it } from "vitest";
import { destination, emulator, messaging, messagingErrorSchema, queueSchema } from "./helpers.ts";

describe("messaging API: queues", () => {
  it("upserts, gets, lists and deletes queues with the documented fields", async () => {
    const server = await emulator();
    const api = messaging(server);

    expect((await api.upsert({ queueName: "orders", parallelism: 2 })).status).toBe(200);
    expect((await api.upsert({ queueName: "emails", parallelism: 1 })).status).toBe(200);
    const orders = queueSchema.parse((await api.get("orders")).json);
    expect(orders).toMatchObject({ name: "orders", parallelism: 2, paused: false, lag: 0 });
    expect(orders.createdAt).toBeGreaterThan(1_600_000_000_000); // milliseconds, not seconds

    const listed = queueSchema.array().parse((await api.list()).json);
    expect(listed.map((q) => q.name)).toEqual(["orders", "emails"]);

    expect((await api.remove("orders")).status).toBe(200);
    expect((await api.get("orders")).status).toBe(404);
  });

  it("updates parallelism on a second upsert and keeps createdAt", async () => {
    const server = await emulator();
    const api = messaging(server);
    await api.upsert({ queueName: "q", parallelism: 1 });
    const before = queueSchema.parse((await api.get("q")).json);
    await api.upsert({ queueName: "q", parallelism: 5 });
    const after = queueSchema.parse((await api.get("q")).json);
    expect(after.parallelism).toBe(5);
    expect(after.createdAt).toBe(before.createdAt);
  });

  it("pauses and resumes; doing either twice changes nothing", async () => {
    const server = await emulator();
    const api = messaging(server);
    await api.upsert({ queueName: "q", parallelism: 1 });

    expect((await api.pause("q")).status).toBe(200);
    const paused = queueSchema.parse((await api.get("q")).json);
    expect(paused.paused).toBe(true);
    expect((await api.pause("q")).status).toBe(200);
    expect(queueSchema.parse((await api.get("q")).json)).toEqual(paused);

    expect((await api.resume("q")).status).toBe(200);
    const resumed = queueSchema.parse((await api.get("q")).json);
    expect(resumed.paused).toBe(false);
    expect((await api.resume("q")).status).toBe(200);
    expect(queueSchema.parse((await api.get("q")).json)).toEqual(resumed);
  });

  it.each(["get", "pause", "resume", "remove"] as const)(
    "answers 404 with an error body when %s names an unknown queue",
    async (op) => {
      const server = await emulator();
      const answer = await messaging(server)[op]("ghost");
      expect(answer.status).toBe(404);
      expect(messagingErrorSchema.parse(answer.json).error).toMatch(/ghost/);
    },
  );

  it("creates a missing queue with parallelism 1 when enqueueing to it, as documented", async () => {
    const server = await emulator();
    const api = messaging(server);
    await api.upsert({ queueName: "held", parallelism: 1, paused: true });
    const answer = await api.enqueue("fresh", "http://127.0.0.1:9/hook", "x");
    expect(answer.status).toBe(200);
    expect(queueSchema.parse((await api.get("fresh")).json)).toMatchObject({
      name: "fresh",
      parallelism: 1,
      paused: false,
    });
  });

  it.each(["has space", "uni✓code", "semi;colon"])("answers 400 for the queue name %j", async (name) => {
    const server = await emulator();
    const api = messaging(server);
    for (const answer of [
      await api.get(name),
      await api.resume(name),
      await api.upsert({ queueName: name }),
    ]) {
      expect(answer.status).toBe(400);
      expect(messagingErrorSchema.parse(answer.json).error).toMatch(
        /alphanumeric characters, hyphens, periods/,
      );
    }
    expect(server.state.queues).toEqual({});
  });

  it.each([
    ["no token", null],
    ["a wrong token", "nope"],
  ])("answers 401 with %s", async (_case, token) => {
    const server = await emulator();
    const answer = await messaging(server, token).list();
    expect(answer.status).toBe(401);
    expect(messagingErrorSchema.parse(answer.json).error).toMatch(/Unauthorized/);
  });

  it("accepts the token in the qstash_token query parameter", async () => {
    const server = await emulator();
    const response = await fetch(`${server.url}/v2/queues?qstash_token=${server.messagingToken}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe("messaging API: enqueue and delivery", () => {
  it("holds messages on a paused queue, counts them as lag, and delivers them oldest first on resume", async () => {
    const server = await emulator();
    const api = messaging(server);
    const hook = await destination();
    await api.upsert({ queueName: "q", parallelism: 1, paused: true });

    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const answer = await api.enqueue("q", hook.url, `message ${n}`);
      expect(answer.status).toBe(200);
      ids.push((answer.json as { messageId: string }).messageId);
    }
    expect(queueSchema.parse((await api.get("q")).json).lag).toBe(5);
    expect(hook.received).toEqual([]);

    await api.resume("q");
    await hook.waitFor(5);
    expect(hook.received.map((m) => m.body)).toEqual([1, 2, 3, 4, 5].map((n) => `message ${n}`));
    expect(hook.received.map((m) => m.messageId)).toEqual(ids);
    expect(hook.received[0]?.contentType).toBe("text/plain");
    expect(queueSchema.parse((await api.get("q")).json).lag).toBe(0);
  });

  it("keeps at most `parallelism` deliveries in flight", async () => {
    const server = await emulator();
    const api = messaging(server);
    const hook = await destination({ hold: true });
    await api.upsert({ queueName: "q", parallelism: 3, paused: true });
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await api.enqueue("q", hook.url, `m${n}`);

    await api.resume("q");
    await hook.waitFor(3);
    expect(hook.held).toBe(3);
    expect(hook.received.map((m) => m.body)).toEqual(["m1", "m2", "m3"]);
    expect(queueSchema.parse((await api.get("q")).json).lag).toBe(7);

    hook.releaseAll();
    await hook.waitFor(6);
    hook.releaseAll();
    await hook.waitFor(7);
    hook.releaseAll();
    expect(hook.maxOpen).toBe(3);
    expect(new Set(hook.received.map((m) => m.body)).size).toBe(7);
  });

  it("retries a failed delivery without letting later messages overtake it", async () => {
    const server = await emulator({ retryBackoffScale: 0.001 });
    const api = messaging(server);
    const hook = await destination({ failFirst: 2 });
    await api.upsert({ queueName: "q", parallelism: 1, paused: true });
    for (const n of [1, 2, 3]) await api.enqueue("q", hook.url, `m${n}`);
    await api.resume("q");
    await hook.waitFor(3);
    expect(hook.received.map((m) => m.body)).toEqual(["m1", "m2", "m3"]);
  });

  it("stops delivering when paused again", async () => {
    const server = await emulator();
    const api = messaging(server);
    const hook = await destination({ hold: true });
    await api.upsert({ queueName: "q", parallelism: 1 });
    await api.enqueue("q", hook.url, "first");
    await hook.waitFor(1);
    await api.pause("q");
    await api.enqueue("q", hook.url, "second");
    hook.releaseAll();
    // Resume and see the second message arrive: it had been held back, not lost.
    expect(queueSchema.parse((await api.get("q")).json).lag).toBeGreaterThanOrEqual(1);
    await api.resume("q");
    await hook.waitFor(2);
    hook.releaseAll();
    expect(hook.received.map((m) => m.body)).toEqual(["first", "second"]);
  });

  it("refuses a destination that is not an http(s) URL", async () => {
    const server = await emulator();
    const api = messaging(server);
    await api.upsert({ queueName: "q", parallelism: 1 });
    const answer = await api.enqueue("q", "ftp://example/x", "x");
    expect(answer.status).toBe(400);
    expect(queueSchema.parse((await api.get("q")).json).lag).toBe(0);
  });
});
