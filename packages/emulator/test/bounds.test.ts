import { describe, expect, it } from "vitest";
import type { EmulatorOptions } from "../src/index.ts";
import { destination, emulator } from "./helpers.ts";
import { eventually, raw } from "./sdk/helpers.ts";

/** An emulator with small bounds, its notices collected instead of printed. */
async function bounded(limits: EmulatorOptions["limits"]) {
  const notices: string[] = [];
  const server = await emulator({ limits, log: (line) => notices.push(line) });
  return { server, notices, call: raw(server) };
}

/** Headers that start a workflow run whose trigger waits a day (so nothing is delivered). */
function trigger(runId: string) {
  return {
    "upstash-workflow-runid": runId,
    "upstash-workflow-init": "true",
    "upstash-workflow-url": "http://127.0.0.1:9/workflow",
    "upstash-delay": "1d",
  };
}

function waitBody(runId: string) {
  return JSON.stringify({
    url: "http://127.0.0.1:9/workflow",
    step: { stepId: 2, stepName: "wait", stepType: "Wait", concurrent: 1 },
    timeout: "1h",
    timeoutHeaders: { "Upstash-Workflow-RunId": [runId] },
  });
}

describe("bounds on what grows with use", () => {
  it("keeps the newest events and deliveries, and says so once, the first time it drops some", async () => {
    const { server, notices, call } = await bounded({ keptEvents: 5, keptDeliveries: 2 });
    const hook = await destination();
    // One at a time, so they are delivered (and recorded) in this order.
    for (const n of [1, 2, 3]) {
      expect((await call("POST", `/v2/publish/${hook.url}/m${n}`, { body: `m${n}` })).status).toBe(200);
      await eventually(() => server.delivered.at(-1)?.destination === `${hook.url}/m${n}`, `m${n} recorded`);
    }
    await eventually(() => notices.length === 2, "both notices");
    expect(server.delivered.map((delivery) => delivery.destination)).toEqual([
      `${hook.url}/m2`,
      `${hook.url}/m3`,
    ]);
    const events = (await call("GET", "/v2/events")).json as { events: { state: string; url: string }[] };
    expect(events.events).toHaveLength(5);
    expect(events.events[0]).toMatchObject({ state: "DELIVERED" });
    expect(notices.sort()).toEqual([
      "stashkit-emulator: the delivery record keeps the newest 2 deliveries; older ones are dropped from now on",
      "stashkit-emulator: the message log keeps the newest 5 events; older ones are dropped from now on",
    ]);
  });

  it("drops the oldest events a hundredth of the bound at a time: never more than 1% over it", async () => {
    const { call } = await bounded({ keptEvents: 200 });
    const held = async () =>
      ((await call("GET", "/v2/events")).json as { events: { messageId: string }[] }).events;
    let newest = "";
    for (let n = 0; n < 260; n++) {
      // Delayed a day: one CREATED event each, nothing delivered.
      const answer = await call("POST", "/v2/publish/http://127.0.0.1:9/later", {
        headers: { "upstash-delay": "1d" },
        body: `m${n}`,
      });
      newest = (answer.json as { messageId: string }).messageId;
      if (n >= 200) expect((await held()).length).toBeGreaterThanOrEqual(200);
      expect((await held()).length).toBeLessThanOrEqual(202);
    }
    expect((await held())[0]?.messageId).toBe(newest);
  });

  it("keeps the newest ended workflow runs", async () => {
    const { notices, call } = await bounded({ keptEndedRuns: 2 });
    for (const runId of ["wfr_a", "wfr_b", "wfr_c"]) {
      expect(
        (await call("POST", "/v2/publish/http://127.0.0.1:9/workflow", { headers: trigger(runId) })).status,
      ).toBe(200);
      expect((await call("DELETE", `/v2/workflows/runs/${runId}?cancel=true`)).status).toBe(200);
    }
    const logs = (await call("GET", "/v2/workflows/events?count=10")).json as {
      runs: { workflowRunId: string }[];
    };
    expect(logs.runs.map((run) => run.workflowRunId).sort()).toEqual(["wfr_b", "wfr_c"]);
    expect(notices).toEqual([
      "stashkit-emulator: workflow runs: the newest 2 ended runs are kept; older ones are dropped from now on",
    ]);
  });

  it("refuses a wait past the per-run and overall bounds with a 400 naming them, keeping the others", async () => {
    const { server, call } = await bounded({ waitsPerRun: 2, waits: 3 });
    for (const runId of ["wfr_1", "wfr_2"]) {
      await call("POST", "/v2/publish/http://127.0.0.1:9/workflow", { headers: trigger(runId) });
    }
    for (const event of ["e1", "e2"]) {
      expect((await call("POST", `/v2/wait/${event}`, { body: waitBody("wfr_1") })).status).toBe(200);
    }
    const perRun = await call("POST", "/v2/wait/e3", { body: waitBody("wfr_1") });
    expect(perRun.status).toBe(400);
    expect(perRun.json).toEqual({
      error:
        'too many waits for run "wfr_1": a run may wait for at most 2 events at once (--limit-waits-per-run N, or limits.waitsPerRun of startEmulator)',
    });
    expect((await call("POST", "/v2/wait/e4", { body: waitBody("wfr_2") })).status).toBe(200);
    const overall = await call("POST", "/v2/wait/e5", { body: waitBody("wfr_2") });
    expect(overall.status).toBe(400);
    expect(overall.json).toEqual({
      error:
        "too many waits: the emulator keeps at most 3 waits open (--limit-waits N, or limits.waits of startEmulator)",
    });
    expect(server.state.workflowWaiters.map((waiter) => waiter.eventId)).toEqual(["e1", "e2", "e4"]);
  });

  it("keeps events notified early only for runs that exist, the newest per run, and lets a later wait take them", async () => {
    const { server, notices, call } = await bounded({ notificationsPerRun: 2 });
    const notify = (path: string) => call("POST", `/v2/notify/${path}`, { body: "data" });
    expect((await notify("wfr_nobody/e1")).status).toBe(200);
    expect(server.state.workflowEvents).toEqual([]);

    await call("POST", "/v2/publish/http://127.0.0.1:9/workflow", { headers: trigger("wfr_1") });
    for (const event of ["e1", "e2", "e3"]) expect((await notify(`wfr_1/${event}`)).status).toBe(200);
    expect(server.state.workflowEvents.map((kept) => kept.eventId)).toEqual(["e2", "e3"]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/events notified before a run waits for them are kept up to 2 per run/);

    // The dropped one is waited for; the kept one completes the wait at once.
    expect((await call("POST", "/v2/wait/e1", { body: waitBody("wfr_1") })).status).toBe(200);
    expect((await call("POST", "/v2/wait/e3", { body: waitBody("wfr_1") })).status).toBe(200);
    expect(server.state.workflowWaiters.map((waiter) => waiter.eventId)).toEqual(["e1"]);
    expect(server.state.workflowEvents.map((kept) => kept.eventId)).toEqual(["e2"]);
  });

  it("refuses a limit that is not a whole number of 1 or more, or not a limit, by name", async () => {
    await expect(emulator({ limits: { waits: 0 } })).rejects.toThrow(
      "limits.waits must be a whole number of 1 or more, got 0",
    );
    await expect(emulator({ limits: { nonsense: 3 } as never })).rejects.toThrow(
      /limits\.nonsense is not a limit/,
    );
  });
});
