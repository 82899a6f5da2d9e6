import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunningEmulator } from "@stashkit/emulator";
import { describe, expect, it } from "vitest";
import {
  actOnDlq,
  ConfigurationError,
  checkMessageFilter,
  listDlqMessages,
  listQueueMessages,
  NotFoundError,
  requireSelection,
} from "../src/index.ts";
import { caught, createQueue, emulator, messagingClient, onCleanup } from "./helpers.ts";

const NAMES = { labels: "--label", urls: "--url", queues: "--queue", all: "--all" };

/** A destination that answers 500 to everything: each message lands in the DLQ after its retries. */
async function failingDestination(): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(500).end("down"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function send(server: RunningEmulator, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: "hello",
    headers: { authorization: `Bearer ${server.messagingToken}`, ...headers },
  });
  expect(response.ok).toBe(true);
}

/** Three dead letters: two labelled billing (one through queue orders), one labelled mail. */
async function deadLetters(server: RunningEmulator): Promise<string> {
  const url = await failingDestination();
  await send(server, `/v2/publish/${url}/a`, { "upstash-retries": "0", "upstash-label": "billing" });
  await send(server, `/v2/enqueue/orders/${url}/b`, { "upstash-retries": "0", "upstash-label": "billing" });
  await send(server, `/v2/publish/${url}/c`, { "upstash-retries": "0", "upstash-label": "mail" });
  for (let n = 0; n < 600 && server.state.dlq.length < 3; n++) await sleep(50);
  expect(server.state.dlq).toHaveLength(3);
  return url;
}

describe("the DLQ", () => {
  it("lists by label, URL and queue; retries and deletes exactly what it listed", async () => {
    const server = await emulator();
    const url = await deadLetters(server);
    const client = messagingClient(server);
    const billing = await listDlqMessages(client, { filter: { labels: ["billing"] } });
    expect(billing.messages.map((m) => m.url).sort()).toEqual([`${url}/a`, `${url}/b`]);
    const queued = await listDlqMessages(client, { filter: { queues: ["orders"] } });
    expect(queued.messages.map((m) => m.url)).toEqual([`${url}/b`]);

    const dry = await actOnDlq(client, { filter: { urls: [`${url}/c`] }, action: "delete", dryRun: true });
    expect(dry.messages).toHaveLength(1);
    expect(server.state.dlq).toHaveLength(3);
    await actOnDlq(client, { filter: { urls: [`${url}/c`] }, action: "delete" });
    expect(server.state.dlq).toHaveLength(2);

    server.clearRequests();
    await actOnDlq(client, { filter: { labels: ["billing"] }, action: "retry" });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v2/dlq",
      "POST /v2/dlq/retry",
    ]);
    // Retried: a new message each, out of the DLQ (until it fails again).
    expect(server.state.dlq.filter((entry) => billing.messages.some((m) => m.dlqId === entry.dlqId))).toEqual(
      [],
    );
  });

  it("checks filters before anything is sent, and never takes no filter for all", async () => {
    expect(() => checkMessageFilter({ urls: ["ftp://x"] }, NAMES)).toThrow(
      '--url must be an http(s) URL; got "ftp://x"',
    );
    expect(() => checkMessageFilter({ queues: ["a b"] }, NAMES)).toThrow(/--queue "a b" is invalid/);
    expect(() => checkMessageFilter({ labels: ["a\nb"] }, NAMES)).toThrow(
      /--label .* holds a control character/,
    );
    const none = await caught(async () => requireSelection({}, false, NAMES));
    expect(none).toBeInstanceOf(ConfigurationError);
    expect(none.message).toBe("say which DLQ messages: --label, --url or --queue, or --all for every one");
    expect(() => requireSelection({ labels: ["x"] }, true, NAMES)).toThrow("give filters or --all, not both");
    expect(() => requireSelection({}, true, NAMES)).not.toThrow();
  });
});

describe("a queue's messages", () => {
  it("lists the messages waiting in a paused queue, filtered by label; a missing queue fails", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    await createQueue(server, "orders", true);
    const url = "https://example.com/hook";
    await send(server, `/v2/enqueue/orders/${url}`, { "upstash-label": "a" });
    await send(server, `/v2/enqueue/orders/${url}`, { "upstash-label": "b" });
    const all = await listQueueMessages(client, { queue: "orders" });
    expect(all.queue.paused).toBe(true);
    expect(all.messages.map((m) => [m.state, m.url, m.label])).toEqual([
      ["CREATED", url, "b"],
      ["CREATED", url, "a"],
    ]);
    const labelled = await listQueueMessages(client, { queue: "orders", filter: { labels: ["a"] } });
    expect(labelled.messages.map((m) => m.label)).toEqual(["a"]);
    expect(await caught(() => listQueueMessages(client, { queue: "nowhere" }))).toBeInstanceOf(NotFoundError);
  });
});
