import { createServer, type IncomingMessage } from "node:http";
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
  MessagingClient,
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

/**
 * A messaging API that answers every DLQ listing with the same entries, whatever the filter (as
 * one that reads a filter otherwise would: a URL split at its commas), and records each request.
 */
async function listsEverything(entries: Record<string, unknown>[]) {
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method} ${decodeURIComponent(req.url ?? "")}`);
    const body = req.method === "GET" ? { messages: entries } : {};
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { requests, client: new MessagingClient({ token: "t", baseUrl, env: {} }) };
}

describe("a DLQ listing checked against the filter before anything changes", () => {
  const hook = "https://example.com/hook";
  const entries = [
    { dlqId: "d1", messageId: "m1", url: `${hook}?ids=1` },
    { dlqId: "d2", messageId: "m2", url: `${hook}?ids=1,2`, queueName: "orders" },
    { dlqId: "d3", messageId: "m3", url: `${hook}?ids=1,2`, labels: ["billing"] },
    { dlqId: "d4", messageId: "m4", url: hook, label: "billing" },
  ];

  it("deletes and retries only the entries the filter selects, and names the ones it left alone", async () => {
    const { requests, client } = await listsEverything(entries);
    const deleted = await actOnDlq(client, { filter: { urls: [`${hook}?ids=1,2`] }, action: "delete" });
    expect(deleted.messages.map((m) => m.dlqId)).toEqual(["d2", "d3"]);
    expect(deleted.unmatched.map((m) => m.dlqId)).toEqual(["d1", "d4"]);
    expect(requests.at(-1)).toBe("DELETE /v2/dlq?dlqIds=d2&dlqIds=d3");

    const retried = await actOnDlq(client, { filter: { labels: ["billing"] }, action: "retry" });
    expect(retried.messages.map((m) => m.dlqId)).toEqual(["d3", "d4"]);
    expect(requests.at(-1)).toBe("POST /v2/dlq/retry?dlqIds=d3&dlqIds=d4");

    const both = { urls: [`${hook}?ids=1,2`], queues: ["orders"] };
    const dry = await actOnDlq(client, { filter: both, action: "delete", dryRun: true });
    expect([dry.messages.map((m) => m.dlqId), dry.unmatched.length]).toEqual([["d2"], 3]);
  });

  it("sends no destructive request when no listed entry matches", async () => {
    const { requests, client } = await listsEverything(entries);
    const none = await actOnDlq(client, { filter: { queues: ["emails"] }, action: "delete" });
    expect([none.messages, none.unmatched.length]).toEqual([[], 4]);
    const all = await actOnDlq(client, { filter: {}, action: "retry", dryRun: true });
    expect([all.messages.length, all.unmatched]).toEqual([4, []]);
    expect(requests.map((r) => r.split(" ")[0])).toEqual(["GET", "GET"]);
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
