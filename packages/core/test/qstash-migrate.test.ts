import type { RunningEmulator } from "@stashkit/emulator";
import { describe, expect, it } from "vitest";
import {
  MessagingClient,
  migrateQStash,
  type RegionalClient,
  regionsFromEnv,
  ServerError,
} from "../src/index.ts";
import { emulator } from "./helpers.ts";

const BOTH = ["EU_CENTRAL_1", "US_EAST_1"] as const;

function clients(server: RunningEmulator): Record<string, RegionalClient> {
  const out: Record<string, RegionalClient> = {};
  for (const { token, ...setting } of regionsFromEnv(server.qstashEnv()) ?? []) {
    const client = new MessagingClient({ token, baseUrl: setting.baseUrl, retry: { maxAttempts: 1 } });
    out[setting.region ?? ""] = { setting, client };
  }
  return out;
}

async function inEu(server: RunningEmulator, method: string, path: string, init: RequestInit = {}) {
  const answer = await fetch(`${server.url}/eu-central-1${path}`, {
    method,
    ...init,
    headers: {
      authorization: `Bearer ${server.messagingToken}`,
      ...(init.headers as Record<string, string>),
    },
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

/** The source region: two schedules (one with a secret header), a URL group of two endpoints, a paused queue with a message waiting. */
async function source(server: RunningEmulator) {
  const json = { "content-type": "application/json" };
  await inEu(server, "POST", "/v2/queues", {
    headers: json,
    body: JSON.stringify({ queueName: "orders", parallelism: 3 }),
  });
  await inEu(server, "POST", "/v2/queues/orders/pause");
  await inEu(server, "POST", "/v2/enqueue/orders/https://app.example/orders", { body: "waiting" });
  await inEu(server, "POST", "/v2/topics/events/endpoints", {
    headers: json,
    body: JSON.stringify({
      endpoints: [{ url: "https://a.example/hook" }, { url: "https://b.example/hook" }],
    }),
  });
  await inEu(server, "POST", "/v2/schedules/https://app.example/nightly", {
    headers: {
      "upstash-cron": "0 3 * * *",
      "upstash-schedule-id": "nightly",
      "upstash-forward-authorization": "Bearer s3cret",
    },
  });
  await inEu(server, "POST", "/v2/schedules/events", {
    headers: { "upstash-cron": "0 0 * * 0", "upstash-schedule-id": "weekly" },
  });
}

describe("migrateQStash: one region's schedules, URL groups and queues copied to the other", () => {
  it("dry-run, a failure half-way, a second run that finishes, a third that changes nothing; the source keeps everything", async () => {
    const server = await emulator({ regions: [...BOTH] });
    await source(server);
    const { EU_CENTRAL_1: eu, US_EAST_1: us } = clients(server);
    if (eu === undefined || us === undefined) throw new Error("two regions expected");
    const usState = () => server.state.regions?.US_EAST_1;

    const dry = await migrateQStash(eu, us, { dryRun: true });
    expect(dry.copy.outcome).toBe("dry-run");
    expect(dry.copy.plan.changes.map((c) => `${c.action} ${c.kind} ${c.name}`).sort()).toEqual([
      "create queue orders",
      "create schedule nightly",
      "create schedule weekly",
      "create url_group events",
    ]);
    expect(dry.left).toMatchObject({ messagesWaiting: 1, dlqEntries: 0, atLeast: false, skipped: [] });
    expect(dry.left.logEntries).toBeGreaterThan(0);
    expect(Object.keys(usState()?.queues ?? {})).toEqual([]);

    // The destination refuses schedule creates: the run fails half-way, after the queue and the group.
    server.inject("POST /us-east-1/v2/schedules/*destination", { kind: "status", status: 503 });
    const failed = await migrateQStash(eu, us).catch((error) => error);
    expect(failed).toBeInstanceOf(ServerError);
    const second = await migrateQStash(eu, us);
    expect(second.copy.outcome).toBe("applied");
    const copied = usState();
    expect(copied?.queues?.["orders"]).toMatchObject({ parallelism: 3, paused: true });
    expect(Object.keys(copied?.schedules ?? {}).sort()).toEqual(["nightly", "weekly"]);
    expect(Object.keys(copied?.urlGroups ?? {})).toEqual(["events"]);

    const third = await migrateQStash(eu, us);
    expect(third.copy.plan.changes).toEqual([]);
    expect(third.pausedInSource).toEqual([]);
    // Nothing in the source was deleted or paused.
    expect(Object.values(server.state.schedules).map((s) => s.isPaused ?? false)).toEqual([false, false]);
    expect(Object.keys(server.state.queues)).toEqual(["orders"]);

    const pausing = await migrateQStash(eu, us, { pauseSource: true });
    expect(pausing.pausedInSource.map((o) => `${o.name}:${o.outcome}`).sort()).toEqual([
      "nightly:paused",
      "weekly:paused",
    ]);
    expect(Object.keys(server.state.schedules).sort()).toEqual(["nightly", "weekly"]);
  });
});
