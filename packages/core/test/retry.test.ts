import { describe, expect, it } from "vitest";
import {
  AbortedError,
  AttemptTimeoutError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  Deadline,
  DeadlineExceededError,
  InvalidRequestError,
  NotFoundError,
  RateLimitedError,
  ServerError,
} from "../src/index.ts";
import {
  capturedClock,
  caught,
  closedPort,
  createQueue,
  emulator,
  managementClient,
  messagingClient,
  recordingLogger,
} from "./helpers.ts";

const RESUME = "POST /v2/queues/:name/resume";

describe("retries", () => {
  it.each([408, 429, 500, 502, 503, 504])("retries %i and then succeeds", async (status) => {
    const server = await emulator();
    await createQueue(server, "q");
    server.inject(RESUME, { kind: "status", status }, { kind: "status", status });
    const clock = capturedClock();
    await messagingClient(server, { clock }).queues.resume("q");
    expect(server.requests.filter((r) => r.route === RESUME).map((r) => r.status)).toEqual([
      status,
      status,
      200,
    ]);
    expect(clock.waits).toHaveLength(2);
    expect(server.state.queues["q"]?.paused).toBe(false);
  });

  it.each([
    [400, InvalidRequestError],
    [401, AuthenticationError],
    [403, AuthenticationError],
    [404, NotFoundError],
    [409, ConflictError],
  ] as const)("never retries %i: one request, then %o", async (status, ErrorClass) => {
    const server = await emulator();
    await createQueue(server, "q");
    server.inject(RESUME, { kind: "status", status, body: { error: "nope" } });
    const error = await caught(() => messagingClient(server, { clock: capturedClock() }).queues.resume("q"));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(server.requests.filter((r) => r.route === RESUME)).toHaveLength(1);
  });

  it("backs off exponentially with full jitter, capped, and reports every retry", async () => {
    const server = await emulator();
    await createQueue(server, "q");
    server.inject(RESUME, ...Array.from({ length: 4 }, () => ({ kind: "status" as const, status: 503 })));
    const clock = capturedClock(0.5);
    const logger = recordingLogger();
    await messagingClient(server, {
      clock,
      logger,
      retry: { baseDelayMs: 300, maxDelayMs: 1000 },
    }).queues.resume("q");
    // 0.5 × min(1000, 300 × 2^(n-1)) for n = 1..4
    expect(clock.waits).toEqual([150, 300, 500, 500]);
    const retries = logger.lines.filter((l) => l.startsWith("info:"));
    expect(retries).toHaveLength(4);
    expect(retries[0]).toMatch(
      /resume queue q: POST \/v2\/queues\/q\/resume answered 503.*attempt 1 of 5 failed, retrying in 150 ms/,
    );
  });

  it("gives up after maxAttempts with the last error", async () => {
    const server = await emulator();
    await createQueue(server, "q");
    server.inject(RESUME, ...Array.from({ length: 9 }, () => ({ kind: "status" as const, status: 502 })));
    const error = await caught(() =>
      messagingClient(server, { clock: capturedClock(), retry: { maxAttempts: 3 } }).queues.resume("q"),
    );
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(502);
    expect(server.requests.filter((r) => r.route === RESUME)).toHaveLength(3);
  });

  describe("waits the server asks for", () => {
    const cases: [string, Record<string, string>, number][] = [
      ["Retry-After in seconds", { "retry-after": "2" }, 2000],
      ["Retry-After beyond 60 s, clamped", { "retry-after": "3600" }, 60_000],
      ["Burst-RateLimit-Reset (Unix seconds)", {}, -1],
      ["RateLimit-Reset in delta seconds", { "ratelimit-reset": "3" }, 3000],
    ];
    it.each(cases)("honours %s", async (_name, headers, expected) => {
      const server = await emulator();
      await createQueue(server, "q");
      const clock = capturedClock();
      const resetAt = Math.ceil(clock.now() / 1000) + 5;
      const sent = expected === -1 ? { "burst-ratelimit-reset": String(resetAt) } : headers;
      server.inject(RESUME, { kind: "status", status: 429, headers: sent });
      await messagingClient(server, { clock, deadlineMs: 120_000 }).queues.resume("q");
      expect(clock.waits).toHaveLength(1);
      if (expected === -1) {
        const untilReset = resetAt * 1000 - Date.now();
        expect(clock.waits[0]).toBeGreaterThan(untilReset - 1000);
        expect(clock.waits[0]).toBeLessThanOrEqual(untilReset + 1000);
      } else {
        // The wait ends `expected` after the answer arrived (the origin's gate holds until then),
        // so it is that less the moments spent between the answer and the wait.
        expect(clock.waits[0]).toBeLessThanOrEqual(expected);
        expect(clock.waits[0]).toBeGreaterThan(expected - 500);
      }
    });

    it("honours Retry-After as an HTTP date", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      const clock = capturedClock();
      const at = new Date(Math.ceil(clock.now() / 1000) * 1000 + 4000);
      server.inject(RESUME, { kind: "status", status: 503, headers: { "retry-after": at.toUTCString() } });
      await messagingClient(server, { clock }).queues.resume("q");
      const untilThen = at.getTime() - Date.now();
      expect(clock.waits[0]).toBeGreaterThan(untilThen - 1000);
      expect(clock.waits[0]).toBeLessThanOrEqual(untilThen + 1000);
    });

    it("prefers Retry-After over the reset headers", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      const clock = capturedClock();
      server.inject(RESUME, {
        kind: "status",
        status: 429,
        headers: { "retry-after": "1", "ratelimit-reset": "9" },
      });
      await messagingClient(server, { clock }).queues.resume("q");
      // One wait, ending at the moment Retry-After names (the shared gate counts from when the
      // answer arrived, so a few ms of real time may already have passed), not the reset's 9 s.
      expect(clock.waits).toHaveLength(1);
      expect(clock.waits[0]).toBeGreaterThan(500);
      expect(clock.waits[0]).toBeLessThanOrEqual(1000);
    });

    it.each(["soon", "-5", "Tue, 99 Foo 2026"])(
      "falls back to backoff on a malformed Retry-After %j",
      async (value) => {
        const server = await emulator();
        await createQueue(server, "q");
        const clock = capturedClock(0.5);
        server.inject(RESUME, { kind: "status", status: 429, headers: { "retry-after": value } });
        await messagingClient(server, { clock }).queues.resume("q");
        expect(clock.waits).toEqual([150]);
      },
    );

    it("fails at once with a rate-limit error saying when to try again if the wait would pass the deadline", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      server.inject(RESUME, {
        kind: "status",
        status: 429,
        headers: { "retry-after": "30" },
        body: { error: "slow down" },
      });
      const clock = capturedClock();
      const error = await caught(() =>
        messagingClient(server, { clock, deadlineMs: 5_000 }).queues.resume("q"),
      );
      expect(error).toBeInstanceOf(RateLimitedError);
      const limited = error as RateLimitedError;
      expect(limited.retryAfterMs).toBe(30_000);
      expect(limited.retryAt?.getTime()).toBeGreaterThan(Date.now() + 25_000);
      expect(limited.message).toMatch(
        /answered 429: slow down; waiting 30 s would pass the deadline: try again after \d{4}-/,
      );
      expect(clock.waits).toEqual([]);
      expect(server.requests.filter((r) => r.route === RESUME)).toHaveLength(1);
    });
  });

  describe("network failures", () => {
    it("retries a connection reset and succeeds", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      server.inject(RESUME, { kind: "reset" }, { kind: "reset" });
      const clock = capturedClock();
      await messagingClient(server, { clock }).queues.resume("q");
      expect(server.requests.filter((r) => r.route === RESUME).map((r) => r.status)).toEqual([
        "reset",
        "reset",
        200,
      ]);
    });

    it("retries a refused connection and then reports it with its code", async () => {
      const port = await closedPort();
      const clock = capturedClock();
      const client = messagingClient(await emulator(), {
        baseUrl: `http://127.0.0.1:${port}`,
        clock,
        retry: { maxAttempts: 3 },
      });
      const error = await caught(() => client.queues.get("q"));
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).code).toBe("ECONNREFUSED");
      expect(error.message).toMatch(
        new RegExp(
          `^get queue q: GET /v2/queues/q could not connect to 127\\.0\\.0\\.1:${port}: the connection was refused: nothing listens on that port \\(is it running, on that port\\?\\) \\(ECONNREFUSED\\)$`,
        ),
      );
      expect(clock.waits).toHaveLength(2);
    });

    it("times out a hanging attempt, retries, and succeeds", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      server.clearRequests();
      server.inject("GET /v2/queues/:name", { kind: "hang" });
      // The hang needs the attempt timeout to fire; the answered attempt must not see it fire. On
      // a loaded machine an answer can take longer than any short timeout, and that attempt is
      // then retried too: so a second long enough to answer in, and attempts to spare.
      const queue = await messagingClient(server, {
        attemptTimeoutMs: 1_000,
        retry: { maxAttempts: 10 },
        clock: capturedClock(),
      }).queues.get("q");
      expect(queue.name).toBe("q");
      const statuses = server.requests.map((r) => r.status);
      expect([statuses[0], statuses.at(-1)]).toEqual(["hang", 200]);
    });

    it("reports a hang on every attempt as an attempt timeout", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      server.inject("GET /v2/queues/:name", { kind: "hang" }, { kind: "hang" });
      const client = messagingClient(server, {
        attemptTimeoutMs: 100,
        retry: { maxAttempts: 2 },
        clock: capturedClock(),
      });
      const error = await caught(() => client.queues.get("q"));
      expect(error).toBeInstanceOf(AttemptTimeoutError);
      expect(error.message).toMatch(/got no complete answer within 100 ms/);
    });

    it("reports the overall deadline differently from one attempt timing out", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      server.inject("GET /v2/queues/:name", { kind: "hang" });
      const client = messagingClient(server, { attemptTimeoutMs: 30_000, deadlineMs: 200 });
      const error = await caught(() => client.queues.get("q"));
      expect(error).toBeInstanceOf(DeadlineExceededError);
      expect(error.message).toMatch(/get queue q: GET \/v2\/queues\/q did not finish before the deadline/);
    });

    it("honours a deadline shared by an operation (the call's own deadline)", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      const error = await caught(() =>
        messagingClient(server).queues.get("q", { deadline: new Deadline(Date.now() - 1) }),
      );
      expect(error).toBeInstanceOf(DeadlineExceededError);
      expect(server.requests.filter((r) => r.route === "GET /v2/queues/:name")).toHaveLength(0);
    });

    it("reports the caller aborting as its own error", async () => {
      const server = await emulator();
      await createQueue(server, "q");
      server.inject("GET /v2/queues/:name", { kind: "hang" });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const error = await caught(() =>
        messagingClient(server).queues.get("q", { signal: controller.signal }),
      );
      expect(error).toBeInstanceOf(AbortedError);
      expect(error.message).toMatch(/was aborted by the caller/);
    });
  });

  describe("calls that are not idempotent (create)", () => {
    const body = { name: "idx", region: "eu-west-1", type: "free" } as const;

    it.each([
      ["a 503", { kind: "status", status: 503 } as const],
      ["a reset", { kind: "reset" } as const],
    ])("does not repeat a create after %s: the index may exist", async (_name, fault) => {
      const server = await emulator();
      server.inject("POST /v2/search", fault);
      await caught(() => managementClient(server, { clock: capturedClock() }).searchIndexes.create(body));
      expect(server.requests.filter((r) => r.route === "POST /v2/search")).toHaveLength(1);
    });

    it("repeats a create turned away with 429, which was never processed", async () => {
      const server = await emulator();
      server.inject("POST /v2/search", { kind: "status", status: 429, headers: { "retry-after": "1" } });
      const index = await managementClient(server, { clock: capturedClock() }).searchIndexes.create(body);
      expect(index.name).toBe("idx");
      expect(server.state.indexes).toHaveLength(1);
    });

    it("repeats a create whose connection was refused, which never arrived", async () => {
      const port = await closedPort();
      const clock = capturedClock();
      const server = await emulator();
      const client = managementClient(server, {
        baseUrl: `http://127.0.0.1:${port}`,
        clock,
        retry: { maxAttempts: 2 },
      });
      await caught(() => client.searchIndexes.create(body));
      expect(clock.waits).toHaveLength(1);
    });
  });
});
