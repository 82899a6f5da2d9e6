import { describe, expect, it } from "vitest";
import { AuthenticationError, InvalidRequestError, SearchIndexData } from "../src/index.ts";
import { caught, emulator, managementClient } from "./helpers.ts";
import { documents, inDefault, indexWithData, inNamespace, seen, times } from "./search-data-helpers.ts";

const MOVIES = [
  { id: "heat", content: { title: "Heat", genre: "crime" }, metadata: { year: 1995, tags: ["la", "heist"] } },
  { id: "ronin", content: { title: "Ronin", genre: "crime" }, metadata: { year: 1998, tags: ["paris"] } },
  { id: "up", content: { title: "Up", genre: "animation" }, metadata: { year: 2009, tags: [] } },
];

describe("SearchIndexData on the emulator's data plane", () => {
  it("upserts 2,500 documents in batches of the index's 100, and ranges over every one, 1,000 a page", async () => {
    const { server, index, data } = await indexWithData();

    const result = await data.upsert(documents(2_500), { namespace: "bulk" });
    const ids: string[] = [];
    for await (const document of data.range({ namespace: "bulk" })) ids.push(document.id);

    expect(index["max_writes_per_request"]).toBe(100);
    expect(result).toEqual({ upserted: 2_500, batches: 25 });
    expect(ids).toEqual(documents(2_500).map((document) => document.id));
    expect(seen(server)).toEqual([
      ...times(25, `${inNamespace("upsert-data")} 200`),
      ...times(3, `${inNamespace("range")} 200`),
    ]);
  });

  it("ranges by id prefix, in pages of the size asked, and reads one page with its cursor", async () => {
    const { data } = await indexWithData();
    await data.upsert([...documents(5, "a"), ...documents(3, "b")]);

    const ids: string[] = [];
    for await (const document of data.range({ prefix: "b-", pageSize: 2 })) ids.push(document.id);
    const first = await data.rangePage({ cursor: "0", limit: 4 });
    const last = await data.rangePage({ cursor: first.nextCursor, limit: 4 });

    expect(ids).toEqual(["b-0000", "b-0001", "b-0002"]);
    expect(first.documents.map((d) => d.id)).toEqual(["a-0000", "a-0001", "a-0002", "a-0003"]);
    expect(first.documents[0]).toEqual({
      id: "a-0000",
      content: documents(1, "a")[0]?.content,
      metadata: { n: 0 },
    });
    expect(last).toMatchObject({ nextCursor: "" });
    expect(last.documents.map((d) => d.id)).toEqual(["a-0004", "b-0000", "b-0001", "b-0002"]);
  });

  it("fetches by ids (null for an unknown one) and by prefix, and searches what matches, best first", async () => {
    const { data } = await indexWithData();
    await data.upsert(MOVIES, { namespace: "movies" });

    const byIds = await data.fetch({ ids: ["ronin", "nope"] }, { namespace: "movies" });
    const byPrefix = await data.fetch({ prefix: "r" }, { namespace: "movies" });
    const hits = await data.search({ query: "ronin" }, { namespace: "movies" });
    const filtered = await data.search(
      { query: "crime", filter: "@metadata.year < 1997", topK: 10 },
      { namespace: "movies" },
    );

    expect(byIds).toEqual([MOVIES[1], null]);
    expect(byPrefix).toEqual([MOVIES[1]]);
    expect(hits[0]).toMatchObject({ id: "ronin", content: MOVIES[1]?.content });
    expect(hits[0]?.score).toBeGreaterThan(0);
    expect(filtered.map((hit) => hit.id)).toEqual(["heat"]);
  });

  it("deletes by ids, by prefix and by filter, counting what each deleted", async () => {
    const { data } = await indexWithData();
    await data.upsert([...MOVIES, ...documents(4)], { namespace: "movies" });

    const byIds = await data.delete({ ids: ["up", "missing"] }, { namespace: "movies" });
    const byPrefix = await data.delete({ prefix: "doc-" }, { namespace: "movies" });
    const byFilter = await data.delete(
      { filter: "genre = 'crime' AND @metadata.year > 1996" },
      { namespace: "movies" },
    );
    const left = await data.fetch({ prefix: "" }, { namespace: "movies" });

    expect([byIds, byPrefix, byFilter]).toEqual([{ deleted: 1 }, { deleted: 4 }, { deleted: 1 }]);
    expect(left.map((document) => document?.id)).toEqual(["heat"]);
  });

  it("resets a namespace, counts documents per namespace, lists and deletes namespaces", async () => {
    const { server, data } = await indexWithData();
    await data.upsert(documents(3));
    await data.upsert(MOVIES, { namespace: "movies" });
    await data.upsert(documents(2), { namespace: "scratch" });

    const before = await data.info();
    await data.reset({ namespace: "movies" });
    await data.deleteNamespace("scratch");
    const after = await data.info();

    expect(before).toMatchObject({
      vectorCount: 8,
      pendingVectorCount: 0,
      namespaces: {
        "": { vectorCount: 3, pendingVectorCount: 0 },
        movies: { vectorCount: 3, pendingVectorCount: 0 },
        scratch: { vectorCount: 2, pendingVectorCount: 0 },
      },
    });
    expect(before.indexSize).toBeGreaterThan(0);
    expect(after.namespaces).toEqual({
      "": { vectorCount: 3, pendingVectorCount: 0 },
      movies: { vectorCount: 0, pendingVectorCount: 0 },
    });
    expect(await data.listNamespaces()).toEqual(["", "movies"]);
    expect(seen(server)).toContain(`${inNamespace("reset")} 200`);
    expect(seen(server)).toContain(`${inNamespace("delete-namespace")} 200`);
    expect(seen(server)).toContain(`${inDefault("upsert-data")} 200`);
  });

  it("answers a filter the service cannot parse with an InvalidRequestError carrying its message, not retried", async () => {
    const { server, data } = await indexWithData();

    const error = await caught(() => data.delete({ filter: "year >" }));

    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.message).toMatch(/^delete documents in the default namespace: POST \/delete answered 400: /);
    expect((error as InvalidRequestError).apiMessage).toBeTruthy();
    expect(seen(server)).toEqual([`${inDefault("delete")} 400`]);
  });
});

describe("the index's tokens", () => {
  it("the read-only token reads, and its writes are refused as an AuthenticationError that shows no token", async () => {
    const { server, index, data } = await indexWithData();
    await data.upsert(MOVIES);
    const reader = SearchIndexData.fromIndex(index, { env: {}, readOnly: true });

    const fetched = await reader.fetch({ ids: ["heat"] });
    const error = await caught(() => reader.upsert(MOVIES));

    expect(fetched).toEqual([MOVIES[0]]);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).not.toContain(index.token);
    expect(error.message).not.toContain(index.read_only_token);
    expect(seen(server).at(-1)).toBe(`${inDefault("upsert-data")} 401`);
  });

  it("refuses another index's token and an unknown token, and keeps the indexes' documents apart", async () => {
    const server = await emulator({ search: { endpoint: "url" } });
    const management = managementClient(server);
    const first = await management.searchIndexes.create({ name: "one", region: "eu-west-1", type: "free" });
    const second = await management.searchIndexes.create({ name: "two", region: "eu-west-1", type: "free" });
    await SearchIndexData.fromIndex(first, { env: {} }).upsert(MOVIES);

    const crossed = new SearchIndexData({
      url: first.endpoint,
      token: second.token,
      env: {},
    });
    const unknown = new SearchIndexData({
      url: first.endpoint,
      token: "nope",
      env: {},
    });

    expect(await caught(() => crossed.info())).toBeInstanceOf(AuthenticationError);
    expect(await caught(() => unknown.info())).toBeInstanceOf(AuthenticationError);
    expect((await SearchIndexData.fromIndex(second, { env: {} }).info()).vectorCount).toBe(0);
    expect((await SearchIndexData.fromIndex(first, { env: {} }).info()).vectorCount).toBe(3);
  });
});
