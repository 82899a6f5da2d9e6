import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  type CheckedSeedFile,
  ConfigurationError,
  checkSeedFiles,
  cloneSearchIndex,
  ensureSearchIndex,
  SearchIndexData,
  ServerError,
  seedDocuments,
  seedSearchIndex,
} from "../src/index.ts";
import { repeatedIdsWarning } from "../src/internal.ts";
import { readSeedMarker } from "../src/operations/seed-marker.ts";
import { caught, emulator, managementClient } from "./helpers.ts";
import { documents, indexWithData, inNamespace, seen } from "./search-data-helpers.ts";

const UPSERT = inNamespace("upsert-data");

async function* streamed<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

async function folder(): Promise<string> {
  return tempFolder("stashkit-seed-");
}

describe("seedSearchIndex", () => {
  it("writes a stream in batches of max_writes_per_request, then a rerun finds the seed finished and writes nothing", async () => {
    const { server, data } = await indexWithData();
    const first = await seedSearchIndex(data, { documents: streamed(documents(250)), index: "movies" });
    server.clearRequests();
    const second = await seedSearchIndex(data, { documents: streamed(documents(250)), index: "movies" });

    expect(first).toEqual({ seeded: true, index: "movies", written: 250, batches: 3 });
    expect(second).toMatchObject({ seeded: false, index: "movies", written: 0 });
    expect(seen(server).filter((line) => line.startsWith(UPSERT))).toEqual([]);
    expect((await data.info()).namespaces["movies"]?.vectorCount).toBe(250);
  });

  it('with when "always" upserts again, so a changed document is updated', async () => {
    const { data } = await indexWithData();
    await seedSearchIndex(data, { documents: documents(3), index: "m" });
    const changed = documents(3).map((d) =>
      d.id === "doc-0001" ? { ...d, content: { title: "renamed" } } : d,
    );
    const again = await seedSearchIndex(data, { documents: changed, index: "m", when: "always" });

    expect(again).toMatchObject({ seeded: true, written: 3 });
    const [document] = await data.fetch({ ids: ["doc-0001"] }, { namespace: "m" });
    expect(document?.content).toEqual({ title: "renamed" });
  });

  it("a run that dies midway records no finished seed, and the next run completes it", async () => {
    const { server, data } = await indexWithData({ retry: { maxAttempts: 1 } });
    const pass = { kind: "status", status: 200, body: { result: "Success" }, phase: "after" } as const;
    server.inject(UPSERT, pass, { kind: "status", status: 500, body: { error: "gone" } });

    const died = await caught(() =>
      seedSearchIndex(data, { documents: documents(250), index: "m", concurrency: 1 }),
    );
    const next = await seedSearchIndex(data, { documents: documents(250), index: "m" });

    expect(died).toBeInstanceOf(ServerError);
    expect(next).toMatchObject({ seeded: true, written: 250 });
    expect((await data.info()).namespaces["m"]?.vectorCount).toBe(250);
  });

  it("paced by max_writes_per_second, no batch meets the emulator's per-index limit", async () => {
    const { server, data } = await indexWithData();
    server.settings.searchRateLimits = "index";
    const [record] = server.indexes.list();
    // A burst of 12 batches would meet it.
    if (record) server.indexes.put({ ...record, index: { ...record.index, max_writes_per_second: 10 } });
    const result = await seedSearchIndex(data, {
      documents: streamed(documents(1_200)),
      index: "m",
      maxWritesPerSecond: 10,
    });

    expect(result).toMatchObject({ written: 1_200, batches: 12 });
    expect(server.requests.filter((request) => request.status === 429)).toEqual([]);
    // The marker's fetch and upsert come after the batches.
    expect(server.requests.filter((request) => request.route === UPSERT)).toHaveLength(13);
  });

  it("counts the finished-seed record toward the document limit: 10,000 documents fill a free index and the record is refused", async () => {
    const server = await emulator({ search: { endpoint: "url" } });
    const { index } = await ensureSearchIndex(managementClient(server), {
      name: "free",
      region: "eu-west-1",
      type: "free",
    });
    const data = SearchIndexData.fromIndex(index, { env: {} });

    const error = await caught(() => seedSearchIndex(data, { documents: documents(10_000), index: "m" }));

    expect(index["max_vector_count"]).toBe(10_000);
    expect(error.message).toMatch(/stashkit-seeds.*Document limit reached/);
    expect((await data.info()).vectorCount).toBe(10_000);
    expect(await readSeedMarker(data, "m", {})).toBeUndefined();
  });

  it("refuses a bad seed-when and the marker namespace before any request", async () => {
    const { server, data } = await indexWithData();
    const badWhen = await caught(() =>
      seedSearchIndex(data, { documents: [], when: "sometimes" as "always" }),
    );
    const marker = await caught(() => seedSearchIndex(data, { documents: [], index: "stashkit-seeds" }));
    expect(badWhen).toBeInstanceOf(ConfigurationError);
    expect(marker.message).toMatch(/stashkit-seeds/);
    expect(server.requests).toEqual([]);
  });
});

describe("cloneSearchIndex", () => {
  it("copies every SDK index of the source with its read-only token, and a rerun writes nothing", async () => {
    const { server, data: source, index } = await indexWithData({}, "staging");
    await source.upsert(documents(1_500, "a"), { namespace: "movies" });
    await source.upsert(documents(20, "b"), { namespace: "shows" });
    const { index: previewIndex } = await ensureSearchIndex(managementClient(server), {
      name: "preview",
      region: "eu-west-1",
    });
    const reader = SearchIndexData.fromIndex(index, { env: {}, readOnly: true });
    const target = SearchIndexData.fromIndex(previewIndex, { env: {} });

    const first = await cloneSearchIndex(reader, target);
    const again = await cloneSearchIndex(reader, target);

    expect(first.written).toBe(1_520);
    expect(first.indexes.map((entry) => [entry.from, entry.index, entry.written])).toEqual([
      ["movies", "movies", 1_500],
      ["shows", "shows", 20],
    ]);
    expect(again.written).toBe(0);
    const info = await target.info();
    expect(info.namespaces["movies"]?.vectorCount).toBe(1_500);
    const [copy] = await target.fetch({ ids: ["b-0003"] }, { namespace: "shows" });
    expect(copy).toEqual(documents(20, "b")[3]);
  });

  it("copies one SDK index into another name, leaving the others", async () => {
    const { server, data: source } = await indexWithData({}, "staging");
    await source.upsert(documents(5), { namespace: "movies" });
    await source.upsert(documents(5), { namespace: "shows" });
    const { index: previewIndex } = await ensureSearchIndex(managementClient(server), {
      name: "previews",
      region: "eu-west-1",
    });
    const target = SearchIndexData.fromIndex(previewIndex, { env: {} });

    const result = await cloneSearchIndex(source, target, { indexes: ["movies"], into: "movies-pr-7" });

    expect(result.indexes.map((entry) => entry.index)).toEqual(["movies-pr-7"]);
    expect(Object.keys((await target.info()).namespaces).sort()).toEqual([
      "",
      "movies-pr-7",
      "stashkit-seeds",
    ]);
  });
});

describe("seed files", () => {
  it("reads a JSON array and an NDJSON file, checked first, then streamed in file order", async () => {
    const dir = await folder();
    const json = join(dir, "movies.json");
    const ndjson = join(dir, "more.ndjson");
    await writeFile(
      json,
      `[\n  {"id": "m1", "content": {"title": "Heat, [1995]"}},\n  {"id": "m2", "content": {"t": "\\"x\\""}, "metadata": {"y": 1}}\n]\n`,
    );
    await writeFile(ndjson, `{"id": "m3", "content": {"title": "Up"}}\n\n{"id": "m4", "content": {}}\n`);

    const files = await checkSeedFiles([json, ndjson]);
    const read: unknown[] = [];
    for await (const document of seedDocuments(files)) read.push(document);

    expect(files.map((f: CheckedSeedFile) => [f.format, f.documents])).toEqual([
      ["json", 2],
      ["ndjson", 2],
    ]);
    expect(read).toEqual([
      { id: "m1", content: { title: "Heat, [1995]" } },
      { id: "m2", content: { t: '"x"' }, metadata: { y: 1 } },
      { id: "m3", content: { title: "Up" } },
      { id: "m4", content: {} },
    ]);
  });

  it("counts the documents that repeat an id, across files and within one, and says what the index will hold", async () => {
    const dir = await folder();
    const first = join(dir, "first.ndjson");
    const second = join(dir, "second.ndjson");
    await writeFile(
      first,
      `{"id": "a", "content": {}}\n{"id": "b", "content": {}}\n{"id": "a", "content": {}}\n`,
    );
    await writeFile(second, `{"id": "b", "content": {}}\n{"id": "c", "content": {}}\n`);
    const files = await checkSeedFiles([first, second]);
    expect(files.map((f) => f.repeatedIds)).toEqual([1, 1]);
    expect(repeatedIdsWarning(files)).toBe(
      `seed-file: 2 of the 5 documents repeat an id written before them (${first} 1, ${second} 1); each replaces the earlier one, so the SDK index gets 3 documents, not 5`,
    );
    expect(repeatedIdsWarning(await checkSeedFiles([second]))).toBeUndefined();
  });

  it.each([
    [
      "ndjson",
      `{"id": "a", "content": {}}\n{"id": "b"}\n`,
      /^seed-file: \S+ line 2: content: .*\{id, content, metadata\?\}$/,
    ],
    [
      "ndjson",
      `{"id": "a", "content": {}}\n\n{"id": "b", content}\n`,
      /^seed-file: \S+ line 3 column 13: not JSON: expected a property name in double quotes$/,
    ],
    [
      "json",
      `[\n {"id": "a", "content": {}},\n\n {"id": "", "content": {}}\n]`,
      /^seed-file: \S+ line 4: id: an id must not be empty/,
    ],
    [
      "json",
      `[{"id": "a", "content": {}}`,
      /^seed-file: \S+ line 1 column 28: expected "\]": the JSON array is not closed$/,
    ],
  ])("names the input, the file and the line of a bad %s document", async (_format, text, message) => {
    const file = join(await folder(), "bad");
    await writeFile(file, text);
    const error = await caught(() => checkSeedFiles([file]));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toMatch(message);
    expect(error.message).toContain(file);
  });

  it("names a file that cannot be read", async () => {
    const error = await caught(() => checkSeedFiles(["/nowhere/seed.json"]));
    expect(error.message).toBe("seed-file: /nowhere/seed.json cannot be read (ENOENT)");
  });
});
