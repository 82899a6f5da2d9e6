import type { RunningEmulator } from "@stashkit/emulator";
import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  ensureSearchIndex,
  IndexMismatchError,
  type SearchIndex,
} from "../src/index.ts";
import { oldest } from "../src/operations/ensure-search-index.ts";
import { capturedClock, caught, emulator, managementClient } from "./helpers.ts";

const wanted = { name: "myapp-pr-7", region: "eu-west-1", type: "free" } as const;

describe("ensureSearchIndex", () => {
  it("creates the index when none has the name", async () => {
    const server = await emulator();
    const result = await ensureSearchIndex(managementClient(server), wanted);
    expect(result.created).toBe(true);
    expect(result.index).toMatchObject(wanted);
    expect(result.createRequests).toBe(1);
    expect(result.warnings).toEqual([]);
    expect(server.state.indexes.map((e) => e.index.id)).toEqual([result.index.id]);
  });

  it("finds an existing index without creating: one list request", async () => {
    const server = await emulator();
    const existing = await managementClient(server).searchIndexes.create(wanted);
    ageIndexes(server, 60);
    server.clearRequests();
    const result = await ensureSearchIndex(managementClient(server), wanted);
    expect(result).toMatchObject({ created: false, createRequests: 0, mismatches: [], duplicates: [] });
    expect(result.index.id).toBe(existing.id);
    expect(server.requests.map((r) => r.route)).toEqual(["GET /v2/search"]);
  });

  it("lists once more when the index it found was created this very second", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create(wanted);
    server.clearRequests();
    const clock = capturedClock();
    await ensureSearchIndex(managementClient(server, { clock }), wanted);
    // A racer inserting later in the same second could sort first; after the second is over, none can.
    expect(server.requests.map((r) => r.route)).toEqual(["GET /v2/search", "GET /v2/search"]);
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeLessThanOrEqual(1250);
  });

  it("matches the name exactly", async () => {
    const server = await emulator();
    const client = managementClient(server);
    await client.searchIndexes.create({ ...wanted, name: "myapp-pr-70" });
    await client.searchIndexes.create({ ...wanted, name: "MYAPP-PR-7" });
    expect((await ensureSearchIndex(client, wanted)).created).toBe(true);
  });

  it("picks the oldest of several and names the others", async () => {
    const server = await emulator();
    const client = managementClient(server);
    const first = await client.searchIndexes.create(wanted);
    const second = await client.searchIndexes.create(wanted);
    const entry = server.indexes.get(second.id);
    // Unmistakably younger.
    if (entry)
      server.indexes.put({
        ...entry,
        index: { ...entry.index, creation_time: entry.index.creation_time + 10 },
      });
    const result = await ensureSearchIndex(client, wanted);
    expect(result.index.id).toBe(first.id);
    expect(result.duplicates.map((d) => d.id)).toEqual([second.id]);
    expect(result.warnings.join()).toMatch(
      new RegExp(
        `2 search indexes are named "myapp-pr-7"; using the oldest, ${first.id}; the others: ${second.id}`,
      ),
    );
  });

  it("fails on a region or plan mismatch, stating both sides", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create({ ...wanted, region: "us-central1", type: "payg" });
    const error = await caught(() => ensureSearchIndex(managementClient(server), wanted));
    expect(error).toBeInstanceOf(IndexMismatchError);
    expect(error.message).toMatch(
      /exists with region us-central1 and type payg, but region eu-west-1 and type free was asked for/,
    );
    expect((error as IndexMismatchError).mismatches).toEqual([
      { field: "region", wanted: "eu-west-1", found: "us-central1" },
      { field: "type", wanted: "free", found: "payg" },
    ]);
  });

  it("uses a mismatching index with a warning when onMismatch is warn", async () => {
    const server = await emulator();
    const existing = await managementClient(server).searchIndexes.create({ ...wanted, type: "payg" });
    const result = await ensureSearchIndex(managementClient(server), { ...wanted, onMismatch: "warn" });
    expect(result.index.id).toBe(existing.id);
    expect(result.mismatches).toEqual([{ field: "type", wanted: "free", found: "payg" }]);
    expect(result.warnings.join()).toMatch(/using it because onMismatch is warn/);
  });

  it("treats the plan 'paid' as 'payg'", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create({ ...wanted, type: "payg" });
    server.inject("GET /v2/search", { kind: "extra-fields", fields: { type: "paid" } });
    const result = await ensureSearchIndex(managementClient(server), { ...wanted, type: "payg" });
    expect(result.mismatches).toEqual([]);
  });

  it.each([409, 400] as const)("adopts the index when create answers %i 'already exists'", async (status) => {
    const server = await emulator({ duplicateNames: "reject", duplicateStatus: status });
    const other = await managementClient(server).searchIndexes.create(wanted);
    // The first list misses the index (as if it were created a moment later).
    server.inject("GET /v2/search", { kind: "status", status: 200, body: [] });
    const result = await ensureSearchIndex(managementClient(server), wanted);
    expect(result).toMatchObject({ created: false, createRequests: 1 });
    expect(result.index.id).toBe(other.id);
    expect(server.state.indexes).toHaveLength(1);
  });

  it.each([
    ["a reset after the index was created", { kind: "reset", phase: "after" } as const],
    ["a 503 after the index was created", { kind: "status", status: 503, phase: "after" } as const],
    ["a body it cannot read", { kind: "malformed-json" } as const],
    ["a timeout after the index was created", { kind: "hang", phase: "after" } as const],
  ])("lists again after %s and adopts the index instead of creating a second", async (_case, fault) => {
    const server = await emulator();
    server.inject("POST /v2/search", fault);
    // Long enough that no answered request times out on a loaded machine; the hang still ends.
    const client = managementClient(server, { attemptTimeoutMs: 1_500 });
    const result = await ensureSearchIndex(client, wanted);
    expect(server.state.indexes).toHaveLength(1);
    expect(result.index.id).toBe(server.state.indexes[0]?.index.id);
    expect(result.createRequests).toBe(1);
  });

  it("knows the index is its own when the create answer was unusable but named the id", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "missing-fields", fields: ["token", "read_only_token"] });
    const result = await ensureSearchIndex(managementClient(server), wanted);
    expect(result.created).toBe(true);
    expect(result.index.token).toBe(server.state.indexes[0]?.index.token);
    expect(server.state.indexes).toHaveLength(1);
  });

  it("creates again after an ambiguous failure that created nothing", async () => {
    const server = await emulator();
    server.inject(
      "POST /v2/search",
      { kind: "status", status: 503 },
      { kind: "reset" },
      { kind: "status", status: 408 },
    );
    const clock = capturedClock();
    const result = await ensureSearchIndex(managementClient(server, { clock }), wanted);
    expect(result).toMatchObject({ created: true, createRequests: 4 });
    expect(server.state.indexes).toHaveLength(1);
  });

  it("gives up creating after maxAttempts rounds with the last error", async () => {
    const server = await emulator();
    server.inject(
      "POST /v2/search",
      ...Array.from({ length: 5 }, () => ({ kind: "status" as const, status: 502 })),
    );
    const client = managementClient(server, { clock: capturedClock(), retry: { maxAttempts: 2 } });
    const error = await caught(() => ensureSearchIndex(client, wanted));
    expect(error.name).toBe("ServerError");
    expect(server.requests.filter((r) => r.route === "POST /v2/search")).toHaveLength(2);
  });

  it("stops at a failure that is not ambiguous", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "status", status: 401 });
    const error = await caught(() => ensureSearchIndex(managementClient(server), wanted));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(server.requests.filter((r) => r.route === "POST /v2/search")).toHaveLength(1);
  });

  it("deletes its own index when a concurrent run's index is older", async () => {
    const server = await emulator();
    const client = managementClient(server);
    // Another run's index appears between this run's first list and its create.
    const other = await client.searchIndexes.create(wanted);
    const [entry] = server.indexes.list();
    if (entry)
      server.indexes.put({
        ...entry,
        index: { ...entry.index, creation_time: entry.index.creation_time - 5 },
      });
    server.inject("GET /v2/search", { kind: "status", status: 200, body: [] });
    const result = await ensureSearchIndex(client, wanted);
    expect(result.created).toBe(false);
    expect(result.index.id).toBe(other.id);
    expect(result.warnings.join()).toMatch(/another run created "myapp-pr-7" at the same time/);
    expect(server.state.indexes.map((e) => e.index.id)).toEqual([other.id]);
  });

  describe.each(["allow", "reject"] as const)("10 concurrent ensures with duplicates %sed", (mode) => {
    it("leave exactly one index, and every call returns its id", async () => {
      const server = await emulator({ duplicateNames: mode, createDelayMs: 150 });
      const results = await Promise.all(
        Array.from({ length: 10 }, () => ensureSearchIndex(managementClient(server), wanted)),
      );
      expect(server.state.indexes).toHaveLength(1);
      const id = server.state.indexes[0]?.index.id;
      expect(new Set(results.map((r) => r.index.id))).toEqual(new Set([id]));
      expect(results.filter((r) => r.created)).toHaveLength(1);
    });
  });
});

describe("ensureSearchIndex on a slow network", () => {
  it("judges a list by when it was sent, not by when its answer arrived", async () => {
    // An index created in the current second already exists. The list that finds it is sent
    // before that second has settled but its answer arrives (by this clock) 2 s later; in
    // between another run creates an index in the same second whose id sorts first. The list
    // cannot have shown it, so ensure must look again, and then pick the same winner as that run.
    const server = await emulator();
    const first = await managementClient(server).searchIndexes.create(wanted);
    const second = first.creation_time ?? 0;
    let jumped = false;
    const clock = {
      ...capturedClock(),
      now: () => {
        if (!jumped && server.requests.some((r) => r.method === "GET")) {
          jumped = true;
          const stored = server.state.indexes[0];
          if (stored) {
            const index = { ...stored.index, id: "0-created-meanwhile", creation_time: second };
            server.indexes.put({ owner: stored.owner, index });
          }
        }
        return second * 1000 + (jumped ? 2_500 : 500);
      },
    };
    server.clearRequests();
    const result = await ensureSearchIndex(managementClient(server, { clock }), wanted);
    expect(result.index.id).toBe("0-created-meanwhile");
    expect(server.requests.filter((r) => r.method === "GET")).toHaveLength(2);
  });
});

/** Makes every stored index `seconds` older (an index the emulator holds, changed in place). */
function ageIndexes(server: RunningEmulator, seconds: number): void {
  for (const entry of server.indexes.list()) {
    server.indexes.put({
      ...entry,
      index: { ...entry.index, creation_time: entry.index.creation_time - seconds },
    });
  }
}

describe("oldest", () => {
  const index = (id: string, creation_time?: number) =>
    ({
      id,
      name: "n",
      endpoint: "e",
      token: "t",
      read_only_token: "r",
      region: "eu-west-1",
      type: "free",
      creation_time,
    }) as SearchIndex;

  it("orders by creation_time, then id, with unknown times last", () => {
    expect(oldest([index("b", 5), index("a", 6), index("c", 5)]).id).toBe("b");
    expect(oldest([index("z"), index("y", 9)]).id).toBe("y");
    expect(oldest([index("z"), index("y")]).id).toBe("y");
    expect(() => oldest([])).toThrow();
  });
});
