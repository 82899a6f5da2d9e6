import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { errorLines, findLeaks, messagingEnv, runAction, startForwardProxy } from "@stashkit/testing";
import { emulator } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const actionDir = join(import.meta.dirname, "..");

/** Creates paused queues directly in the emulator. */
async function pausedQueues(server: RunningEmulator, ...names: string[]): Promise<void> {
  for (const queueName of names) {
    const response = await fetch(`${server.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}`, "content-type": "application/json" },
      body: JSON.stringify({ queueName, parallelism: 1, paused: true }),
    });
    if (!response.ok) throw new Error(`upsert ${queueName}: ${response.status}`);
  }
  server.clearRequests();
}

async function api(
  server: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.messagingToken}`, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
}

type RunOptions = Omit<Parameters<typeof runAction>[0], "actionDir">;

function resume(server: RunningEmulator, inputs: Record<string, string>, options: RunOptions = {}) {
  return runAction({
    actionDir,
    ...options,
    inputs: { "messaging-url": server.url, ...inputs },
    env: { ...messagingEnv(server.messagingToken), ...options.env },
  });
}

describe("resume-queue, run as the runner runs it", () => {
  it("resumes several queues given with commas and newlines, and reports them", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders", "emails", "audit.log");
    const run = await resume(server, { "queue-name": "orders, emails\naudit.log\n" });

    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.outputs["resumed"] ?? "")).toEqual(["orders", "emails", "audit.log"]);
    expect(Object.values(server.state.queues).map((q) => q.paused)).toEqual([false, false, false]);
    expect(run.summary).toContain("### Resumed: 3 of 3");
    expect(run.summary).toContain("| queue | orders | resumed | false | 0 |");
    expect(run.outputs["endpoint"]).toBe(server.url);
    expect(run.outputs["token"]).toBe(server.messagingToken);
    expect(run.stdout).toContain(`::add-mask::${server.messagingToken}`);
    expect(run.stdout).toContain(`::add-mask::${server.url}`);
    expect(findLeaks(run, [server.messagingToken])).toEqual([]);
    expect(run.stderr).toBe("");
  });

  it("sends its requests through HTTPS_PROXY/HTTP_PROXY and skips hosts in NO_PROXY", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders");
    const proxy = await startForwardProxy();
    try {
      const proxied = await resume(server, { "queue-name": "orders" }, { env: { http_proxy: proxy.url } });
      expect(proxied.exitCode).toBe(0);
      expect(proxy.seen.length).toBeGreaterThan(0);
      const seenBefore = proxy.seen.length;
      const direct = await resume(
        server,
        { "queue-name": "orders" },
        { env: { http_proxy: proxy.url, no_proxy: "127.0.0.1" } },
      );
      expect(direct.exitCode).toBe(0);
      expect(proxy.seen.length).toBe(seenBefore);
    } finally {
      await proxy.stop();
    }
  });

  it("resumes exactly what an earlier job's pause step paused, via only-if-paused-by", async () => {
    const server = await emulator();
    await pausedQueues(server, "held-on-purpose");
    await api(server, "POST", "/v2/queues", { queueName: "orders", parallelism: 1, paused: false });
    await api(server, "POST", "/v2/schedules/https://app.example/nightly", undefined, {
      "upstash-cron": "0 3 * * *",
      "upstash-schedule-id": "nightly",
      "upstash-label": "deploy-window",
    });
    const pause = await runAction({
      actionDir: join(actionDir, "../pause-queue"),
      inputs: {
        "messaging-url": server.url,
        "queue-name": "orders,held-on-purpose",
        "schedule-label": "deploy-window",
      },
      env: { QSTASH_TOKEN: server.messagingToken },
    });
    expect(pause.exitCode, pause.stdout).toBe(0);
    expect(server.state.schedules["nightly"]?.isPaused).toBe(true);

    const run = await resume(server, { "only-if-paused-by": pause.outputs["paused"] ?? "" });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(JSON.parse(run.outputs["resumed-targets"] ?? "")).toEqual([
      { kind: "queue", name: "orders" },
      { kind: "schedule", name: "nightly" },
    ]);
    expect(server.state.queues["orders"]?.paused).toBe(false);
    expect(server.state.schedules["nightly"]?.isPaused).toBe(false);
    expect(server.state.queues["held-on-purpose"]?.paused).toBe(true);
  });

  it("succeeds with nothing to do when the pause step paused nothing", async () => {
    const server = await emulator();
    const run = await resume(server, { "only-if-paused-by": "[]" });
    expect(run.exitCode).toBe(0);
    expect(run.outputs["resumed-targets"]).toBe("[]");
    expect(server.requests).toEqual([]);
  });

  it("resumes schedules by label and flow-control keys by name", async () => {
    const server = await emulator();
    for (const id of ["a", "b"]) {
      await api(server, "POST", `/v2/schedules/https://app.example/${id}`, undefined, {
        "upstash-cron": "* * * * *",
        "upstash-schedule-id": id,
        "upstash-label": id === "a" ? "batch" : "other",
      });
      await api(server, "POST", `/v2/schedules/${id}/pause`);
    }
    await api(server, "POST", "/v2/flowControl/payments/pause");
    const run = await resume(server, { "schedule-label": "batch", "flow-control-key": "payments" });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(server.state.schedules["a"]?.isPaused).toBe(false);
    expect(server.state.schedules["b"]?.isPaused).toBe(true);
    expect(server.state.flowControl["payments"]?.paused).toBe(false);
    expect(run.summary).toContain("| schedule | a | resumed | false |  |");
    expect(run.summary).toContain("| flow-control-key | payments | resumed | false | 0 |");
  });

  it("reads each queue back after resuming it", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders");
    await resume(server, { "queue-name": "orders" });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v2/queues/orders/resume",
      "GET /v2/queues/orders",
    ]);
  });

  it("takes the token and URL from QSTASH_TOKEN and QSTASH_URL", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders");
    const run = await runAction({
      actionDir,
      inputs: { "queue-name": "orders", "mask-endpoint": "false" },
      env: { QSTASH_TOKEN: server.messagingToken, QSTASH_URL: server.url },
    });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).not.toContain(`::add-mask::${server.url}`);
  });

  it("succeeds on a runner without job summaries (no GITHUB_STEP_SUMMARY)", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders");
    const run = await resume(server, { "queue-name": "orders" }, { env: { GITHUB_STEP_SUMMARY: undefined } });
    expect(run.exitCode).toBe(0);
    expect(run.summary).toBe("");
    expect(JSON.parse(run.outputs["resumed"] ?? "")).toEqual(["orders"]);
  });

  it("says nothing was resumed when every queue it was given is missing", async () => {
    const server = await emulator();
    const run = await resume(server, { "queue-name": "ghost" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      "::error::resume-queue: not found: queue ghost; nothing was resumed. Set if-missing: warn or ignore to go on without them",
    ]);
    expect(JSON.parse(run.outputs["resumed"] ?? "")).toEqual([]);
  });

  it("fails on a missing queue after resuming the others", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders");
    const run = await resume(server, { "queue-name": "orders,ghost" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      "::error::resume-queue: not found: queue ghost; 1 other was resumed. Set if-missing: warn or ignore to go on without them",
    ]);
    expect(JSON.parse(run.outputs["resumed"] ?? "")).toEqual(["orders"]);
    expect(server.state.queues["orders"]?.paused).toBe(false);
  });

  it("skips a missing queue with a warning when if-missing is warn, and silently when ignore", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders");
    const run = await resume(server, { "queue-name": "orders,ghost", "if-missing": "warn" });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("::warning::queue ghost not found; skipped");
    expect(run.summary).toContain("| queue | ghost | not found |");
    const quiet = await resume(server, { "queue-name": "orders,ghost", "if-missing": "ignore" });
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stdout).not.toContain("::warning::");
  });

  it("still takes if-missing: skip, as warn, with a deprecation warning", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders");
    const run = await resume(server, { "queue-name": "orders,ghost", "if-missing": "skip" });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(
      "::warning::input if-missing skip is deprecated and will be removed; use warn, which does the same",
    );
    expect(run.stdout).toContain("::warning::queue ghost not found; skipped");
  });

  it("catches a missing queue even when resume answers 200", async () => {
    const server = await emulator();
    server.inject("POST /v2/queues/:name/resume", { kind: "status", status: 200, body: "" });
    const run = await resume(server, { "queue-name": "ghost" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)[0]).toMatch(/not found: queue ghost/);
  });

  it("survives transient faults with the outputs of a clean run", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders", "emails");
    server.inject("POST /v2/queues/:name/resume", { kind: "reset" }, { kind: "status", status: 502 });
    server.inject("GET /v2/queues/:name", { kind: "status", status: 429, headers: { "retry-after": "0" } });
    const run = await resume(server, { "queue-name": "orders,emails" });
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.outputs["resumed"] ?? "")).toEqual(["orders", "emails"]);
    expect(run.stdout).toMatch(/retrying in \d+ ms/);
  });

  it("fails a persistent fault with one line naming the operation, status and message", async () => {
    const server = await emulator();
    await pausedQueues(server, "orders");
    server.inject(
      "POST /v2/queues/:name/resume",
      ...Array.from({ length: 2 }, () => ({
        kind: "status" as const,
        status: 500,
        body: { error: "database unavailable" },
      })),
    );
    const run = await resume(server, { "queue-name": "orders", "max-attempts": "2" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      "::error::resume-queue: resume queue orders: POST /v2/queues/orders/resume answered 500: database unavailable",
    ]);
  });

  it("says which input to check when the token is refused", async () => {
    const server = await emulator();
    const run = await resume(server, { "queue-name": "orders", token: "not-the-token" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)[0]).toMatch(
      /answered 401: Unauthorized: invalid token\. Check the token input \(or QSTASH_TOKEN\)\.$/,
    );
    expect(findLeaks(run, ["not-the-token"])).toEqual([]);
  });

  it.each([
    [
      "a name with a slash",
      { "queue-name": "a/b" },
      /queue-name "a\/b" is invalid: queue names may contain only letters/,
    ],
    ["a name with a space", { "queue-name": "my queue" }, /queue-name "my queue" is invalid/],
    ["a unicode name", { "queue-name": "café" }, /queue-name "café" is invalid/],
    [
      "no name at all",
      { "queue-name": " ,\n" },
      /nothing to resume: give at least one of queue-name, schedule-id, schedule-label, destination-prefix, flow-control-key \(or only-if-paused-by\)/,
    ],
    ["a malformed only-if-paused-by", { "only-if-paused-by": "orders" }, /only-if-paused-by must be JSON/],
    [
      "an only-if-paused-by with an unknown kind",
      { "queue-name": "", "only-if-paused-by": '[{"kind":"topic","name":"t"}]' },
      /only-if-paused-by must be a JSON array of \{"kind", "name"\} with kind one of queue, schedule, flow-control-key/,
    ],
    ["a schedule label with a space", { "schedule-label": "a b" }, /schedule-label "a b" is invalid/],
    [
      "an http URL to a remote host",
      { "messaging-url": "http://qstash.example.com" },
      /messaging-url must use https:\/\//,
    ],
    [
      "a URL with a query",
      { "messaging-url": "https://qstash.example.com/?x=1" },
      /messaging-url must not contain a query string/,
    ],
    [
      "an unknown if-missing",
      { "if-missing": "maybe" },
      /input if-missing must be one of fail, warn, ignore; got "maybe"/,
    ],
    [
      "a zero max-attempts",
      { "max-attempts": "0" },
      /input max-attempts must be a whole number from 1 to 20/,
    ],
    ["a fractional timeout", { "timeout-seconds": "1.5" }, /input timeout-seconds must be a whole number/],
    [
      "an empty token",
      { token: "" },
      /input token is empty and QSTASH_TOKEN is not set\. Pass it as an input or set the token input/,
    ],
  ])("refuses %s before any request", async (_case, inputs, message) => {
    const server = await emulator();
    const env = "token" in inputs ? { QSTASH_TOKEN: undefined } : {};
    const run = await resume(server, { "queue-name": "orders", ...inputs }, { env });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toHaveLength(1);
    expect(errorLines(run)[0]).toMatch(message);
    expect(server.requests).toEqual([]);
  });
});
