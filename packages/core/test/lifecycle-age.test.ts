import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigurationError,
  checkSeedPlan,
  deleteSearchIndex,
  ensureAndSeedSearchIndex,
  ensureSearchIndex,
  IndexLookupError,
  parseMaxAge,
  protectRule,
  pruneSdkIndexes,
  pruneSearchIndexes,
  SearchIndexData,
  seedSearchIndex,
} from "../src/index.ts";
import { caught, emulator, managementClient, onCleanup } from "./helpers.ts";
import { documents, indexWithData } from "./search-data-helpers.ts";

const DAY_S = 86_400;
const wanted = { region: "eu-west-1", type: "free" } as const;

describe("pruning by age, and protect", () => {
  it("deletes matching indexes older than max-age whatever staleOf says, and never a protected one", async () => {
    const server = await emulator();
    const client = managementClient(server);
    for (const name of ["app-pr-1", "app-pr-2", "app-pr-3", "app-pr-4", "other-1"])
      await client.searchIndexes.create({ ...wanted, name });
    for (const entry of server.indexes.list()) {
      if (!["app-pr-1", "app-pr-4", "other-1"].includes(entry.index.name)) continue;
      const creation_time = entry.index.creation_time - 10 * DAY_S;
      server.indexes.put({ ...entry, index: { ...entry.index, creation_time } });
    }
    const asked: string[] = [];
    const result = await pruneSearchIndexes(client, {
      pattern: "app-pr-{pr}",
      maxAge: parseMaxAge("7d"),
      protect: protectRule(["app-pr-4"]),
      staleOf: (candidates) => {
        asked.push(...candidates.map((c) => c.name));
        return candidates.map((c) => c.name === "app-pr-3");
      },
    });
    expect(asked.sort()).toEqual(["app-pr-2", "app-pr-3"]);
    expect(result.deleted.map((d) => [d.name, d.reason.kind]).sort()).toEqual([
      ["app-pr-1", "older"],
      ["app-pr-3", "closed"],
    ]);
    expect(result.protected.map((p) => p.name)).toEqual(["app-pr-4"]);
    expect(server.state.indexes.map((e) => e.index.name).sort()).toEqual(["app-pr-2", "app-pr-4", "other-1"]);
  });

  it("prunes by max-age alone, with a pattern that has no {pr}; a dry run deletes nothing", async () => {
    const server = await emulator();
    const client = managementClient(server);
    for (const name of ["it-100", "it-200"]) await client.searchIndexes.create({ ...wanted, name });
    const old = server.indexes.list().find((e) => e.index.name === "it-100");
    if (old)
      server.indexes.put({ ...old, index: { ...old.index, creation_time: old.index.creation_time - 7200 } });
    const dry = await pruneSearchIndexes(client, {
      pattern: "it-{run_id}",
      maxAge: parseMaxAge("1h"),
      dryRun: true,
    });
    expect(dry.deleted.map((d) => d.name)).toEqual(["it-100"]);
    expect(server.state.indexes).toHaveLength(2);
    await pruneSearchIndexes(client, { pattern: "it-{run_id}", maxAge: parseMaxAge("1h") });
    expect(server.state.indexes.map((e) => e.index.name)).toEqual(["it-200"]);
  });

  it("refuses a prune with no rule before anything is sent", async () => {
    const server = await emulator();
    const error = await caught(() => pruneSearchIndexes(managementClient(server), { pattern: "app-{pr}" }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(server.requests).toEqual([]);
  });

  it("ages SDK indexes by their seed record, else their first document's createdAt; unknown ages stay", async () => {
    const { data } = await indexWithData();
    for (const pr of [1, 2])
      await seedSearchIndex(data, { documents: documents(2), index: `movies-pr-${pr}` });
    const old = "2020-01-01T00:00:00.000Z";
    await data.upsert([{ id: "namespace:movies-pr-1", content: { finished: true, documents: 2, at: old } }], {
      namespace: "stashkit-seeds",
    });
    await data.upsert([{ id: "a", content: { t: 1 }, metadata: { createdAt: old } }], {
      namespace: "movies-pr-3",
    });
    await data.upsert([{ id: "a", content: { t: 1 } }], { namespace: "movies-pr-4" });
    const result = await pruneSdkIndexes(data, { pattern: "movies-pr-{pr}", maxAge: parseMaxAge("30d") });
    expect(result.deleted.map((d) => d.name).sort()).toEqual(["movies-pr-1", "movies-pr-3"]);
    expect(result.kept.map((k) => k.name).sort()).toEqual(["movies-pr-2", "movies-pr-4"]);
    expect((await data.listNamespaces()).sort()).toEqual([
      "",
      "movies-pr-2",
      "movies-pr-4",
      "stashkit-seeds",
    ]);
  });

  it("ensure and delete refuse a protected name before anything is sent; another name goes ahead", async () => {
    const server = await emulator();
    const client = managementClient(server);
    const protect = protectRule(["*-production"], "protect");
    for (const call of [
      () => ensureSearchIndex(client, { ...wanted, name: "shop-production", protect }),
      () => deleteSearchIndex(client, { name: "Shop-Production", protect }),
    ]) {
      const error = await caught(call);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).input).toBe("protect");
    }
    expect(server.requests).toEqual([]);
    expect((await ensureSearchIndex(client, { ...wanted, name: "shop-pr-1", protect })).created).toBe(true);
  });
});

describe("ensureAndSeedSearchIndex", () => {
  function seedFile(lines: string[]): string {
    const dir = mkdtempSync(join(tmpdir(), "stashkit-core-seed-"));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "docs.ndjson");
    writeFileSync(path, `${lines.join("\n")}\n`);
    return path;
  }

  it("ensures, hands the index over first, seeds from a file, and writes nothing the second time", async () => {
    const server = await emulator({ search: { endpoint: "url" } });
    const client = managementClient(server);
    const path = seedFile(documents(3).map((d) => JSON.stringify(d)));
    const seed = await checkSeedPlan({ files: [path], index: "movies" });
    const order: string[] = [];
    const first = await ensureAndSeedSearchIndex(client, {
      ...wanted,
      name: "shop-pr-1",
      seed,
      onEnsured: () => order.push("ensured"),
      phase: async (label, work) => {
        order.push(label);
        return work();
      },
    });
    expect(order).toEqual(["Ensure search index shop-pr-1", "ensured", "Seed shop-pr-1 / movies"]);
    expect(first.seeded).toMatchObject({
      written: 3,
      indexes: [{ index: "movies", written: 3, seeded: true }],
    });
    const again = await ensureAndSeedSearchIndex(client, { ...wanted, name: "shop-pr-1", seed });
    expect(again.ensured.created).toBe(false);
    expect(again.seeded).toMatchObject({ written: 0, indexes: [{ seeded: false }] });
  });

  it("clones from a protected index (read-only) and fails on a missing source before creating anything", async () => {
    const server = await emulator({ search: { endpoint: "url" } });
    const client = managementClient(server);
    const { index: staging } = await ensureSearchIndex(client, { ...wanted, name: "shop-staging" });
    await seedSearchIndex(SearchIndexData.fromIndex(staging), { index: "movies", documents: documents(4) });
    const protect = protectRule(["shop-staging"]);
    const secrets: string[] = [];
    const seed = await checkSeedPlan({ files: [], cloneFrom: "shop-staging" });
    const cloned = await ensureAndSeedSearchIndex(client, {
      ...wanted,
      name: "shop-pr-2",
      protect,
      seed,
      onSecrets: (tokens) => secrets.push(...tokens),
    });
    expect(cloned.seeded.written).toBe(4);
    expect(secrets).toEqual([staging.token, staging.read_only_token]);
    const writes = server.requests.filter(
      (r) => r.path.includes(staging.endpoint) && (r.route ?? "").includes("upsert"),
    );
    expect(writes).toEqual([]);

    const missing = await checkSeedPlan({ files: [], cloneFrom: "shop-nowhere" });
    const error = await caught(() =>
      ensureAndSeedSearchIndex(client, { ...wanted, name: "shop-pr-3", seed: missing }),
    );
    expect(error).toBeInstanceOf(IndexLookupError);
    expect(error.message).toBe('clone-from: no search index named "shop-nowhere" in this account');
    expect(server.state.indexes.map((e) => e.index.name)).not.toContain("shop-pr-3");
  });

  it("checks the combination of seed inputs by the caller's names before anything is sent", async () => {
    const names = {
      files: "--seed-file",
      index: "--seed-index",
      cloneFrom: "--clone-from",
      cloneIndex: "--clone-index",
      when: "--seed-when",
    };
    await expect(checkSeedPlan({ files: ["a"], cloneFrom: "b" }, names)).rejects.toThrow(
      "give --seed-file or --clone-from, not both",
    );
    await expect(checkSeedPlan({ files: [], cloneIndex: "x" }, names)).rejects.toThrow(
      "--clone-index names an SDK index of --clone-from",
    );
    await expect(checkSeedPlan({ files: [], cloneFrom: "b", index: "x" }, names)).rejects.toThrow(
      "with --clone-from, --seed-index needs --clone-index",
    );
    await expect(checkSeedPlan({ files: [], cloneFrom: "b", when: "sometimes" }, names)).rejects.toThrow(
      '--seed-when must be "created" or "always"',
    );
    expect(await checkSeedPlan({ files: [] }, names)).toBeUndefined();
  });
});
