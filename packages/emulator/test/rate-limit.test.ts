import { describe, expect, it } from "vitest";
import { RateLimiter } from "../src/http/rate-limit.ts";
import { control, emulator, management, messaging } from "./helpers.ts";
import { startBin } from "./start-bin.ts";

describe("the rate limiter's fixed one-second windows (on a clock the test sets)", () => {
  it("serves the first N of a second, refuses the rest, and starts again at the next second", () => {
    let now = 1_700_000_000_250;
    const limiter = new RateLimiter(() => now);
    const first = Array.from({ length: 5 }, () => limiter.take("messaging", 3));
    expect(first.map((d) => d?.allowed)).toEqual([true, true, true, false, false]);
    expect(first.map((d) => d?.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(first[4]).toMatchObject({ limit: 3, resetSeconds: 1_700_000_001, retryAfterSeconds: 1 });

    now = 1_700_000_000_999;
    expect(limiter.take("messaging", 3)?.allowed).toBe(false);
    now = 1_700_000_001_000;
    expect(limiter.take("messaging", 3)).toMatchObject({
      allowed: true,
      remaining: 2,
      resetSeconds: 1_700_000_002,
    });
  });

  it("keeps each API's window apart, and has no window at all for a limit of 0", () => {
    const limiter = new RateLimiter(() => 5_000);
    expect(limiter.take("management", 1)?.allowed).toBe(true);
    expect(limiter.take("management", 1)?.allowed).toBe(false);
    expect(limiter.take("messaging", 1)?.allowed).toBe(true);
    expect(limiter.take("messaging", 0)).toBeUndefined();
  });
});

describe("rate limits over HTTP", () => {
  it("answers messaging requests over the limit 429 with Retry-After and the rate-limit headers", async () => {
    const server = await emulator({ rateLimit: { messaging: 2 } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => messaging(server).list()));
    const refused = answers.filter((a) => a.status === 429);
    const served = answers.filter((a) => a.status === 200);
    // At most two served in each one-second window the ten requests arrived in (a loaded machine
    // may spread them over more than two).
    expect(served.length).toBeGreaterThanOrEqual(2);
    expect(served.length).toBeLessThanOrEqual(2 * windowsOf(server.requests));
    expect(served.length + refused.length).toBe(10);

    const limited = refused[0];
    expect(limited?.json).toEqual({ error: "too many requests: this API serves 2 per second" });
    const headers = limited?.headers;
    expect(headers?.get("retry-after")).toBe("1");
    for (const family of ["burst-ratelimit", "ratelimit"]) {
      expect(headers?.get(`${family}-limit`)).toBe("2");
      expect(headers?.get(`${family}-remaining`)).toBe("0");
      const reset = Number(headers?.get(`${family}-reset`));
      expect(Number.isInteger(reset)).toBe(true);
      expect(Math.abs(reset - Date.now() / 1000)).toBeLessThan(5);
    }
    expect(served[0]?.headers.get("burst-ratelimit-limit")).toBe("2");
  });

  it("counts served and refused requests per API in the request log, and never handles a refused one", async () => {
    const server = await emulator({ rateLimit: { management: 1 } });
    const api = management(server);
    const body = { name: "a", region: "eu-west-1", type: "free" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.create(body)));
    await messaging(server).list();
    await fetch(`${server.url}/v2/nothing-here`);

    const created = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429).length;
    // One served in each one-second window the creates arrived in, the rest refused.
    expect(refused).toBeGreaterThanOrEqual(6 - windowsOf(server.requests.filter((r) => r.method === "POST")));
    expect(server.state.indexes).toHaveLength(created);
    expect(server.requestCounts()).toEqual({
      total: 8,
      served: 8 - refused,
      rateLimited: refused,
      management: { served: created, rateLimited: refused },
      messaging: { served: 1, rateLimited: 0 },
      "search-data": { served: 0, rateLimited: 0 },
      unrouted: { served: 1, rateLimited: 0 },
    });
    expect(server.requests.filter((e) => e.rateLimited === true)).toHaveLength(refused);
    expect(server.requests.filter((e) => e.status === 429).every((e) => e.rateLimited)).toBe(true);

    const overHttp = await control(server).get("/requests/counts");
    expect(overHttp.json).toEqual(server.requestCounts());
    await control(server).remove("/requests");
    expect(server.requestCounts()).toMatchObject({ total: 0, served: 0, rateLimited: 0 });
  });

  it("words a management 429 in the configured style, with Retry-After and no messaging headers", async () => {
    const server = await emulator({ rateLimit: { management: 1 }, managementErrorStyle: "text" });
    const answers = await Promise.all(Array.from({ length: 4 }, () => management(server).list()));
    const limited = answers.find((a) => a.status === 429);
    expect(limited?.text).toBe("too many requests: this API serves 1 per second");
    expect(limited?.headers.get("retry-after")).toBe("1");
    expect(limited?.headers.get("burst-ratelimit-limit")).toBeNull();
  });

  it("changes at run time through PATCH /settings; 0 lifts the limit", async () => {
    const server = await emulator();
    const set = await control(server).patch("/settings", { messagingRateLimit: 1 });
    expect(set.json).toMatchObject({ messagingRateLimit: 1, managementRateLimit: 0 });
    const limited = await Promise.all(Array.from({ length: 4 }, () => messaging(server).list()));
    expect(limited.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(2);

    await control(server).patch("/settings", { messagingRateLimit: 0 });
    const free = await Promise.all(Array.from({ length: 20 }, () => messaging(server).list()));
    expect(free.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(free[0]?.headers.get("burst-ratelimit-limit")).toBeNull();
  });

  it("refuses a rate limit that is not a whole number of requests per second", async () => {
    const server = await emulator();
    const answer = await control(server).patch("/settings", { managementRateLimit: 2.5 });
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(/"managementRateLimit" must be a whole number/);
    await expect(emulator({ rateLimit: { messaging: -1 } })).rejects.toThrow(/"messagingRateLimit"/);
  });

  it("takes --messaging-rate-limit and --management-rate-limit from the command line", async () => {
    const bin = await startBin(["--messaging-rate-limit", "3", "--management-rate-limit", "4"]);
    try {
      const settings = (await (await fetch(`${bin.url}/__stashkit/settings`)).json()) as Record<
        string,
        unknown
      >;
      expect(settings).toMatchObject({ messagingRateLimit: 3, managementRateLimit: 4 });
    } finally {
      bin.process.kill("SIGTERM");
      await bin.exited;
    }
  });
});

/** The one-second windows (Unix seconds) requests arrived in. */
function windowsOf(requests: readonly { at: number }[]): number {
  return new Set(requests.map((request) => Math.floor(request.at / 1000))).size;
}
