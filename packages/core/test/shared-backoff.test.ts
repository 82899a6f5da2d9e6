import { describe, expect, it } from "vitest";
import { RateLimitedError, resumeQueues } from "../src/index.ts";
import { OriginGate } from "../src/transport/origin-gate.ts";
import { burstBudget } from "../src/transport/retry-timing.ts";
import { createQueue, emulator, messagingClient, sendLog, virtualClock } from "./helpers.ts";

const QUEUES = Array.from({ length: 12 }, (_, n) => `q-${n}`);

describe("shared backoff per origin", () => {
  it("a 429 with Retry-After: 2 during a fan-out holds every other request to the origin until then", async () => {
    const server = await emulator();
    for (const name of QUEUES) await createQueue(server, name);
    server.clearRequests();
    server.inject("POST /v2/queues/:name/resume", {
      kind: "status",
      status: 429,
      headers: { "retry-after": "2" },
    });
    const clock = virtualClock();
    const { agent, sent } = sendLog(clock);
    const client = messagingClient(server, { clock, dispatcher: agent });

    const outcomes = await resumeQueues(client, { names: QUEUES, concurrency: 4 });

    expect(outcomes.map((o) => o.outcome)).toEqual(QUEUES.map(() => "resumed"));
    // The emulator saw one 429 and otherwise exactly the 24 requests the work needs: nobody else hit the limit.
    const statuses = server.requests.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses).toHaveLength(2 * QUEUES.length + 1);
    expect(server.requests[0]?.status).toBe(429);
    // The first four went out together; the 429 came back to one of them. Every request sent
    // afterwards (the retry, the other three's read-backs, every queued queue) went out no
    // earlier than two seconds after all four had been sent.
    const firstWave = sent.slice(0, 4);
    const rest = sent.slice(4);
    const heldFrom = Math.max(...firstWave.map((s) => s.at));
    expect(rest).toHaveLength(2 * QUEUES.length + 1 - 4);
    for (const request of rest) expect(request.at).toBeGreaterThanOrEqual(heldFrom + 2000);
    // Everyone who waited, waited for one and the same moment.
    expect(clock.sleeps.length).toBeGreaterThanOrEqual(1);
    expect(new Set(clock.sleeps.map((s) => s.until)).size).toBe(1);
    expect(clock.sleeps[0]?.until).toBeGreaterThanOrEqual(heldFrom + 2000);
  });

  it("also holds for a 503 that says Retry-After, and not for a 503 that does not", async () => {
    const server = await emulator();
    for (const name of QUEUES.slice(0, 4)) await createQueue(server, name);
    server.clearRequests();
    server.inject(
      "POST /v2/queues/:name/resume",
      { kind: "status", status: 503, headers: { "retry-after": "3" } },
      { kind: "status", status: 503 },
    );
    const clock = virtualClock();
    const outcomes = await resumeQueues(messagingClient(server, { clock }), {
      names: QUEUES.slice(0, 4),
      concurrency: 1,
    });
    expect(outcomes.map((o) => o.outcome)).toEqual(["resumed", "resumed", "resumed", "resumed"]);
    // The first wait is the gate's 3 s (less the moments between the answer and the wait); the
    // second, after the bare 503 its retry met, is the client's own backoff (attempt 2).
    const waits = clock.sleeps.map((s) => s.until - s.from);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(2500);
    expect(waits[0]).toBeLessThanOrEqual(3000);
    expect(waits[1]).toBe(300);
  });

  it("a hold that would pass the deadline fails the waiting requests at once, as rate limited", async () => {
    const server = await emulator();
    for (const name of QUEUES.slice(0, 3)) await createQueue(server, name);
    server.clearRequests();
    server.inject("POST /v2/queues/:name/resume", {
      kind: "status",
      status: 429,
      headers: { "retry-after": "30" },
    });
    const clock = virtualClock();
    const client = messagingClient(server, { clock, deadlineMs: 10_000 });
    const outcomes = await resumeQueues(client, { names: QUEUES.slice(0, 3), concurrency: 1 });
    expect(outcomes.map((o) => o.outcome)).toEqual(["failed", "failed", "failed"]);
    for (const outcome of outcomes) {
      expect(outcome.outcome === "failed" && outcome.error).toBeInstanceOf(RateLimitedError);
    }
    // One request was sent; the other two never left, and nobody slept.
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("paces by the burst budget: once the requests in flight would use it up, the next waits for the reset", async () => {
    const clock = virtualClock();
    const gate = new OriginGate();
    const start = clock.now();
    for (let n = 0; n < 3; n++) expect(await gate.enter(clock, Number.POSITIVE_INFINITY)).toBe(true);
    // One answer says two requests are left in the window; the two still in flight will take them.
    gate.leave({ remaining: 2, resetAt: start + 1000 });
    expect(gate.nextStart(clock.now())).toBe(start + 1000);
    expect(await gate.enter(clock, start + 1000)).toBe(false);
    expect(await gate.enter(clock, Number.POSITIVE_INFINITY)).toBe(true);
    expect(clock.sleeps.map((s) => s.until)).toEqual([start + 1000]);
    // After the reset nothing is known about the new window: requests go out until an answer says otherwise.
    // One reading of the clock: it follows real time, so two readings may be a millisecond apart.
    const now = clock.now();
    expect(gate.nextStart(now)).toBe(now);
  });

  it("reads the burst budget from the messaging API's headers", () => {
    const now = 1_700_000_000_500;
    expect(
      burstBudget({ "burst-ratelimit-remaining": "7", "burst-ratelimit-reset": "1700000001" }, now, 60_000),
    ).toEqual({ remaining: 7, resetAt: 1_700_000_001_000 });
    expect(burstBudget({ "burst-ratelimit-remaining": "7" }, now, 60_000)).toBeUndefined();
    expect(
      burstBudget({ "burst-ratelimit-remaining": "x", "burst-ratelimit-reset": "1" }, now, 60_000),
    ).toBeUndefined();
  });
});
