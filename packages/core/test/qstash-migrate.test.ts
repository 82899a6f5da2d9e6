import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "@stashkit/emulator";
import { describe, expect, it } from "vitest";
import {
  Deadline,
  MessagingClient,
  migrateQStash,
  type RegionalClient,
  regionsFromEnv,
  ServerError,
  waitQueuesEmpty,
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

describe("migrateQStash with drain: the source's queues waited on until empty, bounded", () => {
  it("ends at once on a paused queue that holds messages, naming it; reaches empty once it is resumed; stops before the deadline otherwise", async () => {
    const delivered: string[] = [];
    const sink = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        delivered.push(body);
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    const destination = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/mail`;
    try {
      const server = await emulator({ regions: [...BOTH] });
      const { EU_CENTRAL_1: eu, US_EAST_1: us } = clients(server);
      if (eu === undefined || us === undefined) throw new Error("two regions expected");
      await inEu(server, "POST", "/v2/queues", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ queueName: "mail", parallelism: 2, paused: true }),
      });
      for (const n of [1, 2, 3])
        await inEu(server, "POST", `/v2/enqueue/mail/${destination}`, { body: `m${n}` });

      const readings: number[] = [];
      const stuck = await migrateQStash(eu, us, {
        drain: { pollMs: 100, onProgress: (n) => readings.push(n) },
      });
      expect(stuck.drained).toEqual({
        drained: false,
        waiting: 3,
        queues: [{ name: "mail", lag: 3, paused: true }],
      });
      expect(readings).toEqual([3]);
      expect(delivered).toEqual([]);
      // The copy keeps the source's pause: the destination's queue is paused too.
      expect(server.state.regions?.US_EAST_1?.queues?.["mail"]?.paused).toBe(true);

      await inEu(server, "POST", "/v2/queues/mail/resume");
      readings.length = 0;
      const drained = await migrateQStash(eu, us, {
        drain: { pollMs: 100, onProgress: (n) => readings.push(n) },
      });
      expect(drained.drained).toEqual({ drained: true, waiting: 0, queues: [] });
      expect(readings.at(-1)).toBe(0);
      expect(delivered.sort()).toEqual(["m1", "m2", "m3"]);

      // A dry run never waits.
      expect((await migrateQStash(eu, us, { dryRun: true, drain: {} })).drained).toBeUndefined();

      // A message its endpoint refuses stays waiting (retried later): the wait stops before the
      // deadline with what still waits, instead of failing the call with the deadline's error.
      await inEu(server, "POST", "/v2/enqueue/mail/http://127.0.0.1:9/refused", {
        headers: { "upstash-retries": "3" },
        body: "never",
      });
      const bounded = await waitQueuesEmpty(eu.client, { deadline: Deadline.after(6_000), pollMs: 200 });
      expect(bounded).toMatchObject({
        drained: false,
        waiting: 1,
        queues: [{ name: "mail", lag: 1, paused: false }],
      });
    } finally {
      sink.close();
    }
  });
});
