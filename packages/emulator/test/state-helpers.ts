import { expect } from "vitest";
import type { RunningEmulator } from "../src/index.ts";
import { destination, management } from "./helpers.ts";

/** A messaging API request with the emulator's token and the given Upstash-* headers. */
export async function publishTo(
  server: ReachableEmulator,
  path: string,
  headers: Record<string, string> = {},
  body = "hello",
): Promise<Response> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.messagingToken}`, "content-type": "text/plain", ...headers },
    body,
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response;
}

/** Asks until `ready` holds; for state the emulator reaches on its own (a delivery that fails). */
export async function eventually(ready: () => Promise<boolean> | boolean, what: string): Promise<void> {
  // A bound on time (not on polls) against a broken emulator, loose enough for a loaded runner.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Creates a search index over the management API and puts documents in it through the data plane. */
export async function indexWithDocuments(
  server: ReachableEmulator,
  name: string,
  documents: { id: string; content: Record<string, unknown>; metadata?: Record<string, unknown> }[],
) {
  const created = await management(server as RunningEmulator).create({
    name,
    region: "eu-west-1",
    type: "free",
  });
  expect(created.status).toBe(200);
  const index = created.json as { id: string; endpoint: string; token: string };
  // The endpoint is the bare name or, with the searchEndpoint setting at "url", the data plane's URL.
  const endpoint = index.endpoint.split("/").at(-1);
  const upsert = await fetch(`${server.url}/search/${endpoint}/upsert-data`, {
    method: "POST",
    headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
    body: JSON.stringify(documents),
  });
  expect(upsert.status, await upsert.clone().text()).toBe(200);
  return index;
}

/**
 * Fills every kind of state the emulator keeps: a paused queue holding a message, a delayed
 * message, a DLQ entry, a schedule, a paused flow-control key with a waiting message, a
 * deduplication id, and a search index with documents.
 */
export async function fillEveryKindOfState(server: ReachableEmulator): Promise<void> {
  const failing = await destination({ failFirst: 1 });
  const later = { "upstash-delay": "1h" };
  const queue = await fetch(`${server.url}/v2/queues`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.messagingToken}`, "content-type": "application/json" },
    body: JSON.stringify({ queueName: "orders", parallelism: 2 }),
  });
  expect(queue.status).toBe(200);
  await publishTo(server, "/v2/queues/orders/pause");
  await publishTo(server, `/v2/enqueue/orders/${failing.url}`, {}, "held in a paused queue");
  await publishTo(server, `/v2/publish/${failing.url}`, { ...later, "upstash-deduplication-id": "once" });
  await publishTo(server, `/v2/publish/${failing.url}`, {
    ...later,
    "upstash-flow-control-key": "tenant-1",
    "upstash-flow-control-value": "parallelism=1",
  });
  await publishTo(server, "/v2/flowControl/tenant-1/pause");
  // Its own destination, and a tick once a year (midnight UTC on January 1): a test that compares
  // two reads of this state must not see a tick land between them, as every five minutes did.
  const ticks = await destination();
  await publishTo(server, `/v2/schedules/${ticks.url}`, { "upstash-cron": "0 0 1 1 *" });
  await publishTo(server, `/v2/publish/${failing.url}`, { "upstash-retries": "0" }, "fails once");
  await eventually(async () => (await dlqOf(server)).length === 1, "the failed message in the DLQ");
  await indexWithDocuments(server, "products", [
    { id: "p1", content: { title: "red running shoes" }, metadata: { price: 80 } },
    { id: "p2", content: { title: "blue rain jacket" } },
  ]);
}

/** What a test needs of an emulator it reaches over HTTP only (in-process or a started command). */
export type ReachableEmulator = Pick<RunningEmulator, "url" | "messagingToken" | "account">;

async function dlqOf(server: ReachableEmulator): Promise<unknown[]> {
  const state = await fetch(`${server.url}/__stashkit/state`);
  return ((await state.json()) as { dlq: unknown[] }).dlq;
}
