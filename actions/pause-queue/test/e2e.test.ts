import { findLeaks, startCountingProxy } from "@stashkit/testing";
import { describe, expect, it } from "vitest";
import {
  emulator,
  errorLines,
  flowControlKey,
  nextMinute,
  pauseStep,
  postStep,
  publish,
  queue,
  receiver,
  schedule,
  warningLines,
} from "./helpers.ts";

const targets = (json: string | undefined) => JSON.parse(json ?? "") as { kind: string; name: string }[];

describe("pause-queue, main and post steps run as the runner runs them", () => {
  it("pauses what is active, leaves what was paused, and the post step resumes only its own", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    await queue(server, "audit", true);
    const inputs = { "queue-name": "orders, audit", "resume-after-job": "always" };

    const main = await pauseStep(server, inputs);
    expect(main.exitCode, main.stdout).toBe(0);
    expect(targets(main.outputs["paused"])).toEqual([{ kind: "queue", name: "orders" }]);
    expect(targets(main.outputs["already-paused"])).toEqual([{ kind: "queue", name: "audit" }]);
    expect(server.state.queues["orders"]?.paused).toBe(true);
    expect(main.summary).toContain("| queue | audit | already paused \\(left alone\\) |");

    server.clearRequests();
    const post = await postStep(server, main, inputs);
    expect(post.exitCode, post.stdout).toBe(0);
    expect(server.state.queues["orders"]?.paused).toBe(false);
    expect(server.state.queues["audit"]?.paused).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v2/queues/orders/resume",
      "GET /v2/queues/orders",
    ]);
    expect(post.stdout).toContain("queue orders: resumed");
    expect(findLeaks(main, [server.messagingToken])).toEqual([]);
    expect(findLeaks(post, [server.messagingToken])).toEqual([]);
  });

  it("with always, resumes after a failed job", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    const inputs = { "queue-name": "orders", "resume-after-job": "always" };
    const main = await pauseStep(server, inputs);
    const post = await postStep(server, main, inputs, { jobStatus: "failure" });
    expect(post.exitCode).toBe(0);
    expect(server.state.queues["orders"]?.paused).toBe(false);
  });

  it("with success, leaves everything paused after a failed job and says so in one line with the command", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    await schedule(server, { id: "nightly", destination: "https://app.example/nightly", labels: "deploy" });
    const inputs = { "queue-name": "orders", "schedule-label": "deploy", "resume-after-job": "success" };
    const main = await pauseStep(server, inputs);
    server.clearRequests();

    const post = await postStep(server, main, inputs, { jobStatus: "failure" });
    expect(post.exitCode).toBe(0);
    expect(server.requests).toEqual([]);
    expect(server.state.queues["orders"]?.paused).toBe(true);
    expect(server.state.schedules["nightly"]?.isPaused).toBe(true);
    expect(warningLines(post)).toEqual([
      `::warning::the job did not succeed (status failure), so the 2 paused by this step stay paused (resume-after-job: success). Resume them with: curl -fsS -X POST -H "Authorization: Bearer $QSTASH_TOKEN" ${server.url}/v2/queues/orders/resume && curl -fsS -X POST -H "Authorization: Bearer $QSTASH_TOKEN" ${server.url}/v2/schedules/nightly/resume`,
    ]);
  });

  it("with success, resumes after a successful job", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    const inputs = { "queue-name": "orders", "resume-after-job": "success" };
    const main = await pauseStep(server, inputs);
    const post = await postStep(server, main, inputs, { jobStatus: "success" });
    expect(post.exitCode).toBe(0);
    expect(server.state.queues["orders"]?.paused).toBe(false);
  });

  it("with never (the default), saves nothing and the post step sends nothing", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    const main = await pauseStep(server, { "queue-name": "orders" });
    expect(main.state["paused"]).toBeUndefined();
    server.clearRequests();
    const post = await postStep(server, main, { "queue-name": "orders" });
    expect(post.exitCode).toBe(0);
    expect(post.stdout).toBe("");
    expect(server.requests).toEqual([]);
    expect(server.state.queues["orders"]?.paused).toBe(true);
  });

  it("skips a schedule's tick while it is paused by label, and it fires after the post step resumes it", async () => {
    const server = await emulator();
    const hook = await receiver();
    await schedule(server, { id: "sync", destination: hook.url, labels: "deploy-window" });
    await schedule(server, { id: "other", destination: "https://app.example/other" });
    const inputs = { "schedule-label": "deploy-window", "resume-after-job": "success" };

    const main = await pauseStep(server, inputs);
    expect(main.exitCode, main.stdout).toBe(0);
    expect(targets(main.outputs["paused"])).toEqual([{ kind: "schedule", name: "sync" }]);
    expect(server.state.schedules["other"]?.isPaused).toBe(false);
    const before = hook.received.length;
    await nextMinute(server);
    await nextMinute(server);
    expect(server.delivered.filter((d) => d.scheduleId === "sync")).toHaveLength(before);

    const post = await postStep(server, main, inputs, { jobStatus: "success" });
    expect(post.exitCode, post.stdout).toBe(0);
    expect(server.state.schedules["sync"]?.isPaused).toBe(false);
    await nextMinute(server);
    await hook.waitFor(before + 1);
    expect(hook.received.at(-1)?.scheduleId).toBe("sync");
  });

  it("pauses the schedules whose destination starts with destination-prefix, as the CLI's flag does", async () => {
    const server = await emulator();
    await schedule(server, { id: "a-hook", destination: "https://a.example/hooks/sync" });
    await schedule(server, { id: "b-hook", destination: "https://b.example/hooks/sync" });
    const inputs = { "destination-prefix": "https://a.example/", "resume-after-job": "always" };

    const main = await pauseStep(server, inputs);
    expect(main.exitCode, main.stdout).toBe(0);
    expect(targets(main.outputs["paused"])).toEqual([{ kind: "schedule", name: "a-hook" }]);
    expect(server.state.schedules["b-hook"]?.isPaused).toBe(false);
    const post = await postStep(server, main, inputs);
    expect(post.exitCode, post.stdout).toBe(0);
    expect(server.state.schedules["a-hook"]?.isPaused).toBe(false);
  });

  it("holds messages under a paused flow-control key and they arrive in order after the post step resumes it", async () => {
    const server = await emulator();
    const hook = await receiver();
    await publish(server, hook.url, "warm-up", "payments");
    await hook.waitFor(1);
    const inputs = { "flow-control-key": "payments", "resume-after-job": "always" };

    const main = await pauseStep(server, inputs);
    expect(targets(main.outputs["paused"])).toEqual([{ kind: "flow-control-key", name: "payments" }]);
    for (const n of [1, 2, 3, 4, 5]) await publish(server, hook.url, `message ${n}`, "payments");
    expect(await flowControlKey(server, "payments")).toMatchObject({ isPaused: true, waitListSize: 5 });
    expect(hook.received).toHaveLength(1);

    const post = await postStep(server, main, inputs);
    expect(post.exitCode, post.stdout).toBe(0);
    await hook.waitFor(6);
    expect(hook.received.slice(1).map((m) => m.body)).toEqual([1, 2, 3, 4, 5].map((n) => `message ${n}`));
  });

  it("pauses 50 queues and schedules concurrently, at most 8 requests at a time, and the post step resumes all 50", async () => {
    const server = await emulator({ latency: { fixedMs: 20 } });
    const queues = Array.from({ length: 25 }, (_, n) => `q-${n}`);
    for (const name of queues) await queue(server, name, false);
    for (let n = 0; n < 25; n++)
      await schedule(server, { id: `s-${n}`, destination: `https://app.example/${n}`, labels: "bulk" });
    const proxy = await startCountingProxy(server.url);
    try {
      const inputs = {
        "queue-name": queues.join("\n"),
        "schedule-label": "bulk",
        "resume-after-job": "always",
        "messaging-url": proxy.url,
      };
      const main = await pauseStep(server, inputs);
      expect(main.exitCode, main.stdout).toBe(0);
      expect(targets(main.outputs["paused"])).toHaveLength(50);
      expect(proxy.maxInFlight()).toBeGreaterThan(1);
      expect(proxy.maxInFlight()).toBeLessThanOrEqual(8);
      expect(Object.values(server.state.queues).every((q) => q.paused)).toBe(true);
      expect(Object.values(server.state.schedules).every((s) => s.isPaused)).toBe(true);

      const post = await postStep(server, main, inputs);
      expect(post.exitCode, post.stdout).toBe(0);
      expect(post.summary).toContain("### Resumed after the job: 50 of 50");
      expect(Object.values(server.state.queues).every((q) => !q.paused)).toBe(true);
      expect(Object.values(server.state.schedules).every((s) => !s.isPaused)).toBe(true);
      expect(proxy.maxInFlight()).toBeLessThanOrEqual(8);
    } finally {
      await proxy.stop();
    }
  });

  it("post step warns, and does not fail, when something it paused is gone", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    await queue(server, "emails", false);
    const inputs = { "queue-name": "orders,emails", "resume-after-job": "always" };
    const main = await pauseStep(server, inputs);
    await fetch(`${server.url}/v2/queues/emails`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${server.messagingToken}` },
    });
    const post = await postStep(server, main, inputs);
    expect(post.exitCode).toBe(0);
    expect(warningLines(post)).toEqual([
      "::warning::queue emails not found; deleted since the pause step? Nothing to resume",
    ]);
    expect(server.state.queues["orders"]?.paused).toBe(false);
  });

  it("says nothing was paused when every queue it was given is missing", async () => {
    const server = await emulator();
    const main = await pauseStep(server, { "queue-name": "ghost,phantom", "resume-after-job": "always" });
    expect(main.exitCode).toBe(1);
    expect(errorLines(main)).toEqual([
      "::error::pause-queue: not found: queue ghost, queue phantom; nothing was paused. Set if-missing: warn or ignore to go on without them",
    ]);
    expect(targets(main.outputs["paused"])).toEqual([]);
  });

  it("fails on a missing queue after pausing the others, and the post step still resumes those", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    const inputs = { "queue-name": "orders,ghost", "resume-after-job": "always" };
    const main = await pauseStep(server, inputs);
    expect(main.exitCode).toBe(1);
    expect(errorLines(main)).toEqual([
      "::error::pause-queue: not found: queue ghost; 1 other was paused. Set if-missing: warn or ignore to go on without them",
    ]);
    expect(targets(main.outputs["paused"])).toEqual([{ kind: "queue", name: "orders" }]);
    const post = await postStep(server, main, inputs, { jobStatus: "failure" });
    expect(post.exitCode).toBe(0);
    expect(server.state.queues["orders"]?.paused).toBe(false);
  });

  it("counts a pause whose answer was lost as possibly paused, and the post step resumes it", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    // The server pauses the queue, then the answer never comes: the step cannot tell it worked.
    server.inject("POST /v2/queues/:name/pause", { kind: "hang", phase: "after" });
    const inputs = {
      "queue-name": "orders",
      "resume-after-job": "always",
      "max-attempts": "1",
      // Room for a loaded machine to start the step and send the pause before the limit ends it.
      "timeout-seconds": "5",
    };
    const main = await pauseStep(server, inputs);
    expect(main.exitCode).toBe(1);
    expect(server.state.queues["orders"]?.paused).toBe(true);
    expect(targets(main.outputs["paused"])).toEqual([{ kind: "queue", name: "orders" }]);
    expect(main.stdout).toContain("queue orders: possibly paused");
    server.clearFaults();
    const post = await postStep(server, main, inputs, { jobStatus: "failure" });
    expect(post.exitCode, post.stdout).toBe(0);
    expect(server.state.queues["orders"]?.paused).toBe(false);
  });

  it("warns about a missing label with if-missing: warn", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    const run = await pauseStep(server, {
      "queue-name": "orders",
      "schedule-label": "nope",
      "if-missing": "warn",
    });
    expect(run.exitCode).toBe(0);
    expect(warningLines(run)).toEqual(["::warning::schedules labelled nope not found; skipped"]);
  });

  it("fails the post step with one line when resuming keeps failing", async () => {
    const server = await emulator();
    await queue(server, "orders", false);
    const inputs = { "queue-name": "orders", "resume-after-job": "always", "max-attempts": "2" };
    const main = await pauseStep(server, inputs);
    server.inject(
      "POST /v2/queues/:name/resume",
      { kind: "status", status: 503, body: { error: "busy" } },
      { kind: "status", status: 503, body: { error: "busy" } },
    );
    const post = await postStep(server, main, inputs);
    expect(post.exitCode).toBe(1);
    expect(errorLines(post)).toEqual([
      "::error::pause-queue (post: resume what the step paused): resume queue orders: POST /v2/queues/orders/resume answered 503: busy",
    ]);
  });

  it.each([
    [
      "an unknown resume-after-job",
      { "resume-after-job": "later" },
      /input resume-after-job must be one of never, success, always; got "later"/,
    ],
    [
      "an unknown if-missing",
      { "if-missing": "maybe" },
      /input if-missing must be one of fail, warn, ignore; got "maybe"/,
    ],
    ["a queue name with a slash", { "queue-name": "a/b" }, /queue-name "a\/b" is invalid/],
    ["a schedule id with a space", { "schedule-id": "my schedule" }, /schedule-id "my schedule" is invalid/],
    [
      "a flow-control key with a tab",
      { "flow-control-key": "pay\tments" },
      /flow-control-key "pay\\tments" is invalid/,
    ],
    [
      "nothing to pause",
      { "queue-name": "" },
      /nothing to pause: give at least one of queue-name, schedule-id, schedule-label, destination-prefix, flow-control-key/,
    ],
  ])("refuses %s before any request, and the post step does nothing", async (_case, override, message) => {
    const server = await emulator();
    const inputs = { "queue-name": "orders", "resume-after-job": "always", ...override };
    const main = await pauseStep(server, inputs);
    expect(main.exitCode).toBe(1);
    expect(errorLines(main)).toHaveLength(1);
    expect(errorLines(main)[0]).toMatch(message);
    const post = await postStep(server, main, inputs);
    expect(post.exitCode).toBe(0);
    expect(server.requests).toEqual([]);
  });
});
