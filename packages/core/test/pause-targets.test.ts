import type { RunningEmulator } from "@stashkit/emulator";
import { describe, expect, it } from "vitest";
import {
  ConfigurationError,
  parseTargetList,
  pausedTargets,
  pauseQueues,
  pauseTargets,
  resumeTargets,
  targetsInput,
} from "../src/index.ts";
import { caught, createQueue, emulator, messagingClient } from "./helpers.ts";

async function schedule(server: RunningEmulator, id: string, destination: string, labels?: string) {
  const response = await fetch(`${server.url}/v2/schedules/${destination}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${server.messagingToken}`,
      "upstash-cron": "* * * * *",
      "upstash-schedule-id": id,
      ...(labels ? { "upstash-label": labels } : {}),
    },
  });
  if (!response.ok) throw new Error(`create schedule ${id}: ${response.status}`);
}

async function pauseDirectly(server: RunningEmulator, path: string) {
  await fetch(`${server.url}${path}/pause`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.messagingToken}` },
  });
}

describe("pauseQueues", () => {
  it("reads each queue first: pauses an active one, leaves a paused one, reports a missing one", async () => {
    const server = await emulator();
    await createQueue(server, "active", false);
    await createQueue(server, "held");
    server.clearRequests();
    const outcomes = await pauseQueues(messagingClient(server), { names: ["active", "held", "ghost"] });
    expect(outcomes).toEqual([
      { kind: "queue", name: "active", outcome: "paused", lag: 0 },
      { kind: "queue", name: "held", outcome: "alreadyPaused", lag: 0 },
      { kind: "queue", name: "ghost", outcome: "missing", by: "name" },
    ]);
    expect(server.state.queues["active"]?.paused).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).not.toContain("POST /v2/queues/held/pause");
    expect(pausedTargets(outcomes)).toEqual([{ kind: "queue", name: "active" }]);
  });

  it("refuses an invalid name before sending anything", async () => {
    const server = await emulator();
    const error = await caught(() => pauseQueues(messagingClient(server), { names: ["ok", "not ok"] }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(server.requests).toEqual([]);
  });
});

describe("pauseTargets and resumeTargets", () => {
  it("selects schedules by id, label and destination prefix from one listing", async () => {
    const server = await emulator();
    await schedule(server, "nightly", "https://app.example/jobs/nightly", "deploy-window,batch");
    await schedule(server, "hourly", "https://app.example/jobs/hourly");
    await schedule(server, "report", "https://reports.example/weekly");
    await schedule(server, "held", "https://other.example/x", "deploy-window");
    await pauseDirectly(server, "/v2/schedules/held");
    server.clearRequests();

    const outcomes = await pauseTargets(messagingClient(server), {
      schedules: {
        ids: ["report", "gone"],
        labels: ["deploy-window", "nothing-has-this"],
        destinationPrefixes: ["https://app.example/jobs/"],
      },
    });
    expect(outcomes).toEqual([
      { kind: "schedule", name: "nightly", outcome: "paused", lag: undefined },
      { kind: "schedule", name: "hourly", outcome: "paused", lag: undefined },
      { kind: "schedule", name: "report", outcome: "paused", lag: undefined },
      { kind: "schedule", name: "held", outcome: "alreadyPaused", lag: undefined },
      { kind: "schedule", name: "gone", outcome: "missing", by: "id" },
      { kind: "schedule", name: "nothing-has-this", outcome: "missing", by: "label" },
    ]);
    expect(server.requests.filter((r) => r.path === "/v2/schedules")).toHaveLength(1);
    expect(Object.values(server.state.schedules).every((s) => s.isPaused)).toBe(true);
  });

  it("pauses flow-control keys, reporting the wait list, and resumes exactly what it paused", async () => {
    const server = await emulator();
    await createQueue(server, "orders", false);
    await pauseDirectly(server, "/v2/flowControl/already");
    await pauseDirectly(server, "/v2/flowControl/payments");
    await fetch(`${server.url}/v2/flowControl/payments/resume`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}` },
    });
    const client = messagingClient(server);
    const paused = await pauseTargets(client, {
      queues: ["orders"],
      flowControlKeys: ["payments", "already"],
    });
    expect(paused).toEqual([
      { kind: "queue", name: "orders", outcome: "paused", lag: 0 },
      { kind: "flow-control-key", name: "payments", outcome: "paused", lag: 0 },
      { kind: "flow-control-key", name: "already", outcome: "alreadyPaused", lag: 0 },
    ]);

    const resumed = await resumeTargets(client, targetsInput(pausedTargets(paused)));
    expect(resumed).toEqual([
      { kind: "queue", name: "orders", outcome: "resumed", paused: false, lag: 0 },
      { kind: "flow-control-key", name: "payments", outcome: "resumed", paused: false, lag: 0 },
    ]);
    expect(server.state.flowControl["already"]?.paused).toBe(true);
  });

  it("reports every selector as failed when the listing fails, and still works on the rest", async () => {
    const server = await emulator();
    await createQueue(server, "orders", false);
    server.inject("GET /v2/schedules", { kind: "status", status: 403, body: { error: "forbidden" } });
    const outcomes = await pauseTargets(messagingClient(server), {
      queues: ["orders"],
      schedules: { labels: ["a"] },
    });
    expect(outcomes.map((o) => `${o.kind} ${o.name} ${o.outcome}`)).toEqual([
      "queue orders paused",
      "schedule a failed",
    ]);
  });
});

describe("parseTargetList", () => {
  it("reads what the pause step writes", () => {
    const text = JSON.stringify([
      { kind: "queue", name: "orders" },
      { kind: "schedule", name: "nightly" },
      { kind: "flow-control-key", name: "payments" },
    ]);
    expect(parseTargetList(text, "only-if-paused-by")).toHaveLength(3);
    expect(parseTargetList("[]", "only-if-paused-by")).toEqual([]);
  });

  it.each([
    ["not JSON", "orders", /only-if-paused-by must be JSON/],
    ["an object", '{"kind":"queue"}', /must be a JSON array of \{"kind", "name"\}/],
    [
      "an unknown kind",
      '[{"kind":"topic","name":"x"}]',
      /kind one of queue, schedule, flow-control-key at 0\.kind/,
    ],
    ["a bad queue name", '[{"kind":"queue","name":"a/b"}]', /only-if-paused-by "a\/b" is invalid/],
    ["an extra field", '[{"kind":"queue","name":"a","x":1}]', /at 0/],
  ])("refuses %s, naming the input", (_case, text, message) => {
    expect(() => parseTargetList(text, "only-if-paused-by")).toThrow(message);
  });
});
