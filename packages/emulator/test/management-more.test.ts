import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  globalStats,
  okString,
  PERIODIC_SERIES,
  STATS_PERIODS,
  vectorStats,
} from "./fixtures/developer-api-schemas.ts";
import { basic, emulator, management, searchIndexSchema } from "./helpers.ts";

const validBody = { name: "docs", region: "eu-west-1", type: "free" };

async function withIndex(options: Parameters<typeof emulator>[0] = {}) {
  const server = await emulator(options);
  const auth = basic(server.account.email, server.account.apiKey);
  const index = searchIndexSchema.parse((await management(server).create(validBody)).json);
  const call = async (method: string, path: string, body?: unknown, authorization: string | null = auth) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (authorization !== null) headers["authorization"] = authorization;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
    const response = await fetch(`${server.url}${path}`, init);
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  };
  return { server, index, call };
}

describe("management API: account and index stats", () => {
  it("answers GET /v2/search/stats with GlobalStats, not as an index id", async () => {
    const { call } = await withIndex();
    const answer = await call("GET", "/v2/search/stats");
    expect(answer.status).toBe(200);
    expect(globalStats.parse(answer.json)).toEqual({
      record_count: 0,
      request: 0,
      bandwidth: 0,
      storage: 0,
      billing: 0,
      rerank_count: 0,
    });
  });

  it.each(STATS_PERIODS.map((period) => [period, period === "30d" ? 240 : 60] as const))(
    "answers GET /v2/search/{id}/stats?period=%s with VectorStats holding %i points per series",
    async (period, points) => {
      const { index, call } = await withIndex();
      const answer = await call("GET", `/v2/search/${index.id}/stats?period=${period}`);
      expect(answer.status).toBe(200);
      const stats = vectorStats.parse(answer.json);
      for (const name of PERIODIC_SERIES) expect(stats[name]).toHaveLength(points);
      expect(stats.days).toHaveLength(7);
      expect(stats.daily_query_requests).toHaveLength(7);
      const times = stats.query_throughput.map((point) => Date.parse(point.x.replace(" +0000 UTC", "Z")));
      expect(times.every((time, n) => n === 0 || time > (times[n - 1] as number))).toBe(true);
    },
  );

  it("defaults to 1h and refuses an undocumented period with 400 naming the accepted ones", async () => {
    const { index, call } = await withIndex();
    const plain = vectorStats.parse((await call("GET", `/v2/search/${index.id}/stats`)).json);
    expect(plain.vector_count).toHaveLength(60);
    const wrong = await call("GET", `/v2/search/${index.id}/stats?period=2h`);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toBe("period must be one of 1h, 3h, 12h, 1d, 3d, 7d, 30d");
  });
});

describe("management API: rename, reset-password, transfer", () => {
  it("renames an index and answers the JSON string OK", async () => {
    const { index, call } = await withIndex();
    const answer = await call("POST", `/v2/search/${index.id}/rename`, { name: "renamed" });
    expect(answer.status).toBe(200);
    expect(okString.parse(answer.json)).toBe("OK");
    const after = searchIndexSchema.parse((await call("GET", `/v2/search/${index.id}`)).json);
    expect(after).toEqual({ ...index, name: "renamed" });
  });

  it.each([
    ["no name", {}],
    ["an empty name", { name: "" }],
    ["a name that is not a string", { name: 7 }],
    ["a body that is not an object", ["renamed"]],
  ])("refuses a rename with %s (400) and keeps the name", async (_case, body) => {
    const { index, call } = await withIndex();
    const answer = await call("POST", `/v2/search/${index.id}/rename`, body);
    expect(answer.status).toBe(400);
    expect(String(answer.json)).toMatch(/name/);
    expect(searchIndexSchema.parse((await call("GET", `/v2/search/${index.id}`)).json).name).toBe("docs");
  });

  it("refuses renaming onto another index's name when duplicates are rejected", async () => {
    const { server, index, call } = await withIndex({ duplicateNames: "reject" });
    await management(server).create({ ...validBody, name: "taken" });
    const answer = await call("POST", `/v2/search/${index.id}/rename`, { name: "taken" });
    expect(answer.status).toBe(409);
    expect(String(answer.json)).toMatch(/already exists/);
    expect((await call("POST", `/v2/search/${index.id}/rename`, { name: "docs" })).status).toBe(200);
  });

  it("resets both tokens and nothing else", async () => {
    const { index, call } = await withIndex();
    const answer = await call("POST", `/v2/search/${index.id}/reset-password`);
    expect(answer.status).toBe(200);
    expect(okString.parse(answer.json)).toBe("OK");
    const after = searchIndexSchema.parse((await call("GET", `/v2/search/${index.id}`)).json);
    expect(after.token).not.toBe(index.token);
    expect(after.read_only_token).not.toBe(index.read_only_token);
    expect(after.token).not.toBe(after.read_only_token);
    expect({ ...after, token: "", read_only_token: "" }).toEqual({
      ...index,
      token: "",
      read_only_token: "",
    });
  });

  it("transfers an index to another account, which sees it from then on", async () => {
    const alice = { email: "alice@example.com", apiKey: "alice-key" };
    const bob = { email: "bob@example.com", apiKey: "bob-key" };
    const { server, index, call } = await withIndex({ accounts: [alice, bob] });
    const answer = await call("POST", `/v2/search/${index.id}/transfer`, { target_account: bob.email });
    expect(answer.status).toBe(200);
    expect(okString.parse(answer.json)).toBe("OK");

    expect((await management(server, basic(alice.email, alice.apiKey)).list()).json).toEqual([]);
    const asBob = searchIndexSchema
      .array()
      .parse((await management(server, basic(bob.email, bob.apiKey)).list()).json);
    expect(asBob).toEqual([{ ...index, customer_id: bob.email }]);
  });

  it("refuses a transfer without target_account (400) and keeps the owner", async () => {
    const { server, index, call } = await withIndex();
    const answer = await call("POST", `/v2/search/${index.id}/transfer`, { target: "x" });
    expect(answer.status).toBe(400);
    expect(answer.json).toBe("target_account is required and must be a non-empty string");
    expect(server.state.indexes[0]?.owner).toBe(server.account.email);
  });

  it.each([
    ["POST", "rename", { name: "x" }],
    ["POST", "reset-password", undefined],
    ["POST", "transfer", { target_account: "x" }],
    ["GET", "stats", undefined],
  ])(
    "answers %s /v2/search/{unknown}/%s with 404 in the management error style",
    async (method, action, body) => {
      const { call } = await withIndex({ managementErrorStyle: "message-object" });
      const answer = await call(method, `/v2/search/00000000-0000-4000-8000-000000000000/${action}`, body);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ message: "search index not found" });
    },
  );

  it("keeps the changes in the data file", async () => {
    const folder = await mkdtemp(join(tmpdir(), "stashkit-actions-"));
    try {
      const dataFile = join(folder, "state.json");
      const { server, index, call } = await withIndex({ dataFile });
      await call("POST", `/v2/search/${index.id}/rename`, { name: "kept" });
      await server.stop();
      const again = await emulator({ dataFile });
      const listed = searchIndexSchema.array().parse((await management(again).list()).json);
      expect(listed.map((i) => i.name)).toEqual(["kept"]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("management API: unknown routes", () => {
  it.each([
    ["GET", "/v2/search/abc/unknown"],
    ["POST", "/v2/search/stats"],
    ["PUT", "/v2/search"],
    ["GET", "/v2/redis/databases"],
    ["GET", "/v2/vector/index"],
    ["GET", "/v2/teams"],
  ])(
    "asks for credentials first on %s %s: 401 without, then an error in the configured style",
    async (method, path) => {
      const { server, call } = await withIndex({ managementErrorStyle: "json-string" });
      const anonymous = await call(method, path, undefined, null);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json).toBe("Unauthorized");
      const wrongKey = await call(method, path, undefined, basic(server.account.email, "wrong"));
      expect(wrongKey.status).toBe(401);

      const known = await call(method, path);
      expect([404, 405]).toContain(known.status);
      expect(typeof known.json).toBe("string");
      expect(known.json).toBe(known.status === 404 ? "not found" : "method not allowed");
      expect(server.requests.at(-1)).toMatchObject({ route: null, status: known.status });
    },
  );

  it.each([
    ["text", "not found"],
    ["error-object", '{"error":"not found"}'],
  ] as const)("words an unknown route's 404 in the %s style", async (style, body) => {
    const { call } = await withIndex({ managementErrorStyle: style });
    const answer = await call("GET", "/v2/redis/databases");
    expect(answer.status).toBe(404);
    expect(answer.text).toBe(body);
  });

  it("leaves unknown paths of no API as they were: 404 without credentials", async () => {
    const { call } = await withIndex();
    const answer = await call("GET", "/v2/nothing-here", undefined, null);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ error: "not found" });
  });
});
