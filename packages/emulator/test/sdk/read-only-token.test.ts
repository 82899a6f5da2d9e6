import { Client, QstashError } from "@upstash/qstash";
import { describe, expect, it } from "vitest";
import { eventually, recorder, withSdk } from "./helpers.ts";

// The service's read-only QStash token: the official client reads queues, messages, schedules,
// the DLQ and the logs with it, and every write is refused with 403, changing nothing.
describe("official SDK: a read-only token", () => {
  it("reads queues, messages, schedules, the DLQ and the logs", async () => {
    const { server, client } = await withSdk();
    const hook = await recorder();
    const queue = client.queue({ queueName: "orders" });
    await queue.upsert({ paused: true });
    const { messageId } = await queue.enqueueJSON({ url: `${hook.url}/q`, body: { n: 1 } });
    await client.schedules.create({ destination: `${hook.url}/s`, cron: "0 0 * * *" });

    const reader = new Client({ baseUrl: server.url, token: server.messagingReadOnlyToken, retry: false });
    expect(server.messagingReadOnlyToken).not.toBe(server.messagingToken);
    expect((await reader.queue({ queueName: "orders" }).get()).lag).toBe(1);
    expect((await reader.queue().list()).map((found) => found.name)).toEqual(["orders"]);
    expect((await reader.messages.get(messageId)).queueName).toBe("orders");
    expect(await reader.schedules.list()).toHaveLength(1);
    expect((await reader.dlq.listMessages()).messages).toEqual([]);
    const logs = await eventually(async () => {
      const { logs: found } = await reader.logs({ filter: { messageId } });
      return found.length > 0 ? found : undefined;
    }, "the message's log entry");
    expect(logs[0]?.messageId).toBe(messageId);
  });

  it("is refused every write with 403, and nothing changes", async () => {
    const { server, client } = await withSdk();
    const hook = await recorder();
    await client.queue({ queueName: "orders" }).upsert({ paused: true });
    const reader = new Client({ baseUrl: server.url, token: server.messagingReadOnlyToken, retry: false });

    const writes: [string, () => Promise<unknown>][] = [
      ["publish", () => reader.publishJSON({ url: `${hook.url}/p`, body: {} })],
      [
        "enqueue",
        () => reader.queue({ queueName: "orders" }).enqueueJSON({ url: `${hook.url}/q`, body: {} }),
      ],
      ["resume", () => reader.queue({ queueName: "orders" }).resume()],
      ["schedule", () => reader.schedules.create({ destination: `${hook.url}/s`, cron: "* * * * *" })],
      ["delete queue", () => reader.queue({ queueName: "orders" }).delete()],
    ];
    for (const [what, write] of writes) {
      const refused = await write().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused, what).toBeInstanceOf(QstashError);
      expect((refused as QstashError).status, what).toBe(403);
      expect(String(refused), what).toContain("read-only token");
    }
    expect(server.state.queues["orders"]?.paused).toBe(true);
    expect(server.state.messages).toEqual([]);
    expect(server.state.queues["orders"]?.messages).toEqual([]);
    expect(Object.keys(server.state.schedules)).toEqual([]);
    expect(hook.received).toEqual([]);
  });
});
