import { describe, expect, it } from "vitest";
import { resumeQueues } from "../src/index.ts";
import { capturedClock, createQueue, emulator, messagingClient } from "./helpers.ts";

describe("resumeQueues", () => {
  it("resumes each queue, reads it back and reports paused and lag, in the order given", async () => {
    const server = await emulator();
    await createQueue(server, "b");
    await createQueue(server, "a");
    const outcomes = await resumeQueues(messagingClient(server), { names: ["b", "a"] });
    expect(outcomes).toEqual([
      { name: "b", outcome: "resumed", paused: false, lag: 0 },
      { name: "a", outcome: "resumed", paused: false, lag: 0 },
    ]);
    expect(server.requests.map((r) => r.route)).toContain("GET /v2/queues/:name");
  });

  it("reports a queue that does not exist as missing", async () => {
    const server = await emulator();
    await createQueue(server, "real");
    const outcomes = await resumeQueues(messagingClient(server), { names: ["real", "ghost"] });
    expect(outcomes.map((o) => o.outcome)).toEqual(["resumed", "missing"]);
  });

  it("catches a missing queue even when resume answered 200", async () => {
    const server = await emulator();
    server.inject("POST /v2/queues/:name/resume", { kind: "status", status: 200, body: "" });
    const [outcome] = await resumeQueues(messagingClient(server), { names: ["ghost"] });
    expect(outcome).toEqual({ name: "ghost", outcome: "missing" });
    expect(server.requests.map((r) => `${r.route} ${r.status}`)).toEqual([
      "POST /v2/queues/:name/resume 200",
      "GET /v2/queues/:name 404",
    ]);
  });

  it("reports other failures per queue and still resumes the rest", async () => {
    const server = await emulator();
    await createQueue(server, "ok");
    await createQueue(server, "broken");
    server.inject("POST /v2/queues/:name/resume", { kind: "status", status: 401 });
    const outcomes = await resumeQueues(messagingClient(server, { clock: capturedClock() }), {
      names: ["broken", "ok"],
      concurrency: 1,
    });
    expect(outcomes[0]).toMatchObject({ name: "broken", outcome: "failed" });
    expect(outcomes[0]?.outcome === "failed" && outcomes[0].error.name).toBe("AuthenticationError");
    expect(outcomes[1]).toMatchObject({ name: "ok", outcome: "resumed" });
  });

  it("works on 20 queues with bounded concurrency", async () => {
    const server = await emulator({ latency: { fixedMs: 20 } });
    const names = Array.from({ length: 20 }, (_, n) => `q-${n}`);
    for (const name of names) await createQueue(server, name);
    const outcomes = await resumeQueues(messagingClient(server), { names, concurrency: 4 });
    expect(outcomes.map((o) => o.name)).toEqual(names);
    expect(outcomes.every((o) => o.outcome === "resumed" && !o.paused)).toBe(true);
    expect(Object.values(server.state.queues).every((q) => !q.paused)).toBe(true);
  });
});
