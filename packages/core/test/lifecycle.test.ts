import { startCountingProxy } from "@stashkit/testing";
import { describe, expect, it } from "vitest";
import { ConfigurationError, deleteSearchIndex, pruneSearchIndexes, templateMatcher } from "../src/index.ts";
import { emulator, managementClient, onCleanup } from "./helpers.ts";

const body = (name: string) => ({ name, region: "eu-west-1", type: "free" }) as const;

describe("deleteSearchIndex", () => {
  it("deletes the index with exactly that name", async () => {
    const server = await emulator();
    const client = managementClient(server);
    const target = await client.searchIndexes.create(body("app-pr-1"));
    await client.searchIndexes.create(body("app-pr-10"));
    expect(await deleteSearchIndex(client, { name: "app-pr-1" })).toEqual([
      { name: "app-pr-1", id: target.id },
    ]);
    expect(server.state.indexes.map((e) => e.index.name)).toEqual(["app-pr-10"]);
  });

  it("deletes every duplicate", async () => {
    const server = await emulator();
    const client = managementClient(server);
    await client.searchIndexes.create(body("dup"));
    await client.searchIndexes.create(body("dup"));
    expect(await deleteSearchIndex(client, { name: "dup" })).toHaveLength(2);
    expect(server.state.indexes).toEqual([]);
  });

  it("deletes nothing in a dry run and says what it would delete", async () => {
    const server = await emulator();
    const client = managementClient(server);
    const target = await client.searchIndexes.create(body("keep-me"));
    expect(await deleteSearchIndex(client, { name: "keep-me", dryRun: true })).toEqual([
      { name: "keep-me", id: target.id },
    ]);
    expect(server.state.indexes).toHaveLength(1);
  });

  it("succeeds with nothing deleted when no index has the name", async () => {
    const server = await emulator();
    expect(await deleteSearchIndex(managementClient(server), { name: "ghost" })).toEqual([]);
    expect(server.requests.map((r) => r.route)).toEqual(["GET /v2/search"]);
  });

  it("counts a 404 during the delete as done (someone else deleted it)", async () => {
    const server = await emulator();
    const client = managementClient(server);
    await client.searchIndexes.create(body("gone"));
    server.inject("DELETE /v2/search/:id", { kind: "status", status: 404, body: "database not found" });
    expect(await deleteSearchIndex(client, { name: "gone" })).toHaveLength(1);
  });

  it("lets two concurrent deletes both succeed", async () => {
    const server = await emulator();
    const client = managementClient(server);
    await client.searchIndexes.create(body("raced"));
    const [a, b] = await Promise.all([
      deleteSearchIndex(client, { name: "raced" }),
      deleteSearchIndex(managementClient(server), { name: "raced" }),
    ]);
    expect(a.length + b.length).toBeGreaterThanOrEqual(1);
    expect(server.state.indexes).toEqual([]);
  });
});

describe("pruneSearchIndexes", () => {
  it("asks staleOf once about every match, deletes the stale ones, keeps the rest", async () => {
    const server = await emulator();
    const client = managementClient(server);
    for (const name of ["app-pr-1", "app-pr-2", "app-pr-3", "other-pr-1", "app-pr-x"])
      await client.searchIndexes.create(body(name));
    const asked: string[][] = [];
    const result = await pruneSearchIndexes(client, {
      pattern: "app-pr-{pr}",
      staleOf: (candidates) => {
        asked.push(candidates.map((c) => c.values.pr ?? ""));
        return candidates.map((c) => c.values.pr !== "2");
      },
    });
    expect(asked).toEqual([["1", "2", "3"]]);
    expect(result.remaining).toEqual([]);
    expect(result.stoppedBy).toBeUndefined();
    expect(result.deleted.map((d) => [d.name, d.values.pr])).toEqual([
      ["app-pr-1", "1"],
      ["app-pr-3", "3"],
    ]);
    expect(result.kept.map((k) => k.name)).toEqual(["app-pr-2"]);
    expect(server.state.indexes.map((e) => e.index.name).sort()).toEqual([
      "app-pr-2",
      "app-pr-x",
      "other-pr-1",
    ]);
  });

  it.each([
    [undefined, 16],
    [4, 4],
  ])("with concurrency %s keeps at most %i deletes in flight, and uses them", async (concurrency, bound) => {
    // Latency keeps each delete in flight long enough for the others to start, even on a busy machine.
    const server = await emulator({ latency: { fixedMs: 150 } });
    server.seedSearchIndexes({ count: 40, namePrefix: "app-pr" });
    const proxy = await startCountingProxy(server.url);
    onCleanup(() => proxy.stop());
    const client = managementClient(server, { baseUrl: proxy.url });
    const result = await pruneSearchIndexes(client, {
      pattern: "app-pr-{pr}",
      staleOf: (candidates) => candidates.map(() => true),
      ...(concurrency === undefined ? {} : { concurrency }),
    });
    expect(result.deleted).toHaveLength(40);
    expect(server.state.indexes).toEqual([]);
    expect(proxy.maxInFlight()).toBeLessThanOrEqual(bound);
    expect(proxy.maxInFlight()).toBeGreaterThan(bound / 2);
  });

  it("deletes nothing in a dry run and reports what it would delete", async () => {
    const server = await emulator();
    const client = managementClient(server);
    await client.searchIndexes.create(body("app-pr-1"));
    const result = await pruneSearchIndexes(client, {
      pattern: "app-pr-{pr}",
      staleOf: (candidates) => candidates.map(() => true),
      dryRun: true,
    });
    expect(result.deleted.map((d) => d.name)).toEqual(["app-pr-1"]);
    expect(server.state.indexes).toHaveLength(1);
    expect(server.requests.some((r) => r.method === "DELETE")).toBe(false);
  });
});

describe("templateMatcher", () => {
  it("captures each placeholder's value", () => {
    const match = templateMatcher("web.{repo}-pr-{pr}-{sha}");
    expect(match("web.my-app-pr-42-abc1234")).toEqual({ repo: "my-app", pr: "42", sha: "abc1234" });
    expect(match("web.my-app-pr-x-abc1234")).toBeUndefined();
    expect(match("webxmy-app-pr-42-abc1234")).toBeUndefined();
  });

  it.each([
    ["app", /must contain a placeholder/],
    ["app-{nope}", /unknown placeholder \{nope\}/],
    ["{pr}-{pr}", /uses \{pr\} twice/],
  ])("refuses %j", (pattern, message) => {
    expect(() => templateMatcher(pattern)).toThrow(ConfigurationError);
    expect(() => templateMatcher(pattern)).toThrow(message);
  });
});
