import { beforeEach, describe, expect, it } from "vitest";
import { Clock } from "../../src/clock/clock.ts";
import { HttpError } from "../../src/http/errors.ts";
import { DEFAULT_LIMITS } from "../../src/options/limits.ts";
import {
  deleteAnswerSchema,
  fetchAnswerSchema,
  infoAnswerSchema,
  rangeAnswerSchema,
  searchAnswerSchema,
} from "../../src/search-data/answer-schemas.ts";
import { dataRoute } from "../../src/search-data/data-routes.ts";
import { type DatabaseLimits, MAX_NAMESPACES, type SearchDatabase } from "../../src/search-data/database.ts";
import { persistedDocumentsSchema, SearchDocuments } from "../../src/search-data/search-documents.ts";
import type { StorageEngine } from "../../src/storage/engine.ts";
import { ENGINES } from "../storage/engines.ts";

const LIMITS: DatabaseLimits = { maxDocuments: 10_000, maxWritesPerRequest: 100 };
const CONTEXT = { noticeOnce: () => {}, limits: DEFAULT_LIMITS, clock: new Clock() };

/** The engine of the current `describe.each` block (the documents live in SQLite on both). */
let makeEngine: () => StorageEngine = ENGINES[0][1];

/** A database and a clock, and one function that calls a route the way the HTTP layer will. */
function harness(options: { limits?: DatabaseLimits; indexingDelayMs?: number } = {}) {
  const database: SearchDatabase = new SearchDocuments(makeEngine(), CONTEXT).database("index-1");
  let now = 1_000;
  const call = (path: string, body: unknown = [], all = false) => {
    const [name = "", namespace] = path.split("/");
    const route = dataRoute(name);
    if (!route) throw new Error(`no route ${name}`);
    return route.run({
      database,
      namespace: namespace ?? "",
      namespaceGiven: namespace !== undefined,
      body,
      all,
      limits: options.limits ?? LIMITS,
      timing: { now, indexingDelayMs: options.indexingDelayMs ?? 0 },
    });
  };
  return { database, call, advance: (ms: number) => (now += ms) };
}

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const HEADPHONES = [
  { id: "p1", content: { name: "Wireless Headphones", brand: "Sony", price: 99 }, metadata: { sku: "A-1" } },
  { id: "p2", content: { name: "Wired Headphones", brand: "Bose", price: 49 } },
  { id: "p3", content: { name: "Bluetooth Speaker", brand: "Sony", price: 149 }, metadata: { sku: "A-3" } },
  { id: "q1", content: { name: "Phone Case", brand: "Generic", price: 9 } },
];

const ALL = { includeData: true, includeMetadata: true };

describe.each(ENGINES)("the data routes (%s)", (_name, engine) => {
  beforeEach(() => {
    makeEngine = engine;
  });

  it("finds what matches, best first, with scores in (0, 1]", () => {
    const { call } = harness();
    expect(call("upsert-data/shop", HEADPHONES)).toBe("Success");
    const hits = searchAnswerSchema.parse(
      call("search/shop", { query: "sony headphones", topK: 10, ...ALL }),
    );
    expect(hits[0]?.id).toBe("p1");
    expect(hits.map((hit) => hit.id)).toEqual(expect.arrayContaining(["p1", "p2", "p3"]));
    expect(hits.map((hit) => hit.id)).not.toContain("q1");
    expect(hits[0]).toMatchObject({ content: HEADPHONES[0]?.content, metadata: { sku: "A-1" } });
    const scores = hits.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("honours topK, prefixes, a typo and the filter", () => {
    const { call } = harness();
    call("upsert-data/shop", HEADPHONES);
    expect(searchAnswerSchema.parse(call("search/shop", { query: "headphones", topK: 1 }))).toHaveLength(1);
    expect(searchAnswerSchema.parse(call("search/shop", { query: "headph", topK: 5 })).length).toBe(2);
    expect(searchAnswerSchema.parse(call("search/shop", { query: "speakr", topK: 5 }))[0]?.id).toBe("p3");
    const filtered = searchAnswerSchema.parse(
      call("search/shop", { query: "headphones", topK: 5, filter: "brand = 'Bose' AND price < 50" }),
    );
    expect(filtered.map((hit) => hit.id)).toEqual(["p2"]);
    expect(filtered[0]).toEqual({ id: "p2", score: filtered[0]?.score });
  });

  it("answers a filter syntax error with a 400 naming the position", () => {
    const { call } = harness();
    call("upsert-data/shop", HEADPHONES);
    const error = refusal(() => call("search/shop", { query: "x", topK: 1, filter: "brand = " }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/at position 9/);
  });

  it("fetches by ids (null for an unknown one) and by prefix", () => {
    const { call } = harness();
    call("upsert-data/shop", HEADPHONES);
    const byIds = fetchAnswerSchema.parse(call("fetch/shop", { ids: ["p2", "nope", "p1"], ...ALL }));
    expect(byIds).toEqual([
      { id: "p2", content: HEADPHONES[1]?.content },
      null,
      { id: "p1", content: HEADPHONES[0]?.content, metadata: { sku: "A-1" } },
    ]);
    const byPrefix = fetchAnswerSchema.parse(call("fetch/shop", { prefix: "p", includeData: false }));
    expect(byPrefix).toEqual([{ id: "p1" }, { id: "p2" }, { id: "p3" }]);
  });

  // SQLite keeps text as UTF-8, where a lone surrogate becomes U+FFFD: two such ids were one document.
  it("refuses ids and prefixes holding a lone surrogate, and keeps well-formed ones apart", () => {
    const { call } = harness();
    const lone = ["lone\ud800", "lone\udc00"];
    const upsert = refusal(() =>
      call(
        "upsert-data/shop",
        lone.map((id) => ({ id, content: { id } })),
      ),
    );
    expect([upsert.status, upsert.message]).toEqual([
      400,
      "Invalid request body at 0.id: holds a lone surrogate (ill-formed UTF-16); an id must be well-formed text",
    ]);
    expect(fetchAnswerSchema.parse(call("fetch/shop", { prefix: "lone" }))).toEqual([]);
    for (const body of [{ ids: [lone[0]] }, { prefix: lone[1] }]) {
      expect(refusal(() => call("fetch/shop", body)).message).toMatch(/lone surrogate/);
      expect(refusal(() => call("delete/shop", body)).message).toMatch(/lone surrogate/);
    }
    expect(refusal(() => call("range/shop", { cursor: "0", limit: 5, prefix: lone[0] })).status).toBe(400);
    const snapshot = { "index-1": { shop: [{ id: lone[0], content: {} }] } };
    expect(persistedDocumentsSchema.safeParse(snapshot).success).toBe(false);
    const pair = ["pair\ud83d\ude00", "pair\ud83d\ude01", "pair\ufffd"];
    call(
      "upsert-data/shop",
      pair.map((id) => ({ id, content: { id } })),
    );
    const stored = fetchAnswerSchema.parse(call("fetch/shop", { ids: pair, includeData: true }));
    expect(stored.map((document) => [document?.id, document?.content?.["id"]])).toEqual(
      pair.map((id) => [id, id]),
    );
  });

  it("ranges in id order with a cursor that ends as an empty string", () => {
    const { call } = harness({ limits: { maxDocuments: 10_000, maxWritesPerRequest: 1_000 } });
    const documents = Array.from({ length: 25 }, (_, i) => ({
      id: `d${String(i).padStart(2, "0")}`,
      content: { i },
    }));
    call("upsert-data", documents);
    const seen: string[] = [];
    let cursor = "0";
    do {
      const page = rangeAnswerSchema.parse(call("range", { cursor, limit: 10, ...ALL }));
      seen.push(...page.vectors.map((vector) => vector.id));
      cursor = page.nextCursor;
    } while (cursor !== "");
    expect(seen).toEqual(documents.map((document) => document.id));
    const prefixed = rangeAnswerSchema.parse(call("range", { cursor: "", limit: 5, prefix: "d1" }));
    expect(prefixed).toEqual({
      nextCursor: "5",
      vectors: ["d10", "d11", "d12", "d13", "d14"].map((id) => ({ id })),
    });
    expect(refusal(() => call("range", { cursor: "abc", limit: 5 })).status).toBe(400);
  });

  it("deletes by ids, prefix and filter, counting what was there", () => {
    const { call } = harness();
    call("upsert-data/shop", HEADPHONES);
    expect(deleteAnswerSchema.parse(call("delete/shop", { ids: ["p1", "gone"] }))).toEqual({ deleted: 1 });
    expect(call("delete/shop", { filter: "brand = 'Sony'" })).toEqual({ deleted: 1 });
    expect(call("delete/shop", { prefix: "q" })).toEqual({ deleted: 1 });
    expect(fetchAnswerSchema.parse(call("fetch/shop", { prefix: "" }))).toEqual([{ id: "p2" }]);
  });

  it("keeps namespaces apart, lists them with the default one, resets and deletes them", () => {
    const { call } = harness();
    call("upsert-data/a", [{ id: "1", content: { t: "alpha" } }]);
    call("upsert-data/b", [{ id: "1", content: { t: "beta" } }]);
    expect(call("list-namespaces")).toEqual(["", "a", "b"]);
    expect(searchAnswerSchema.parse(call("search/a", { query: "beta", topK: 5 }))).toEqual([]);
    expect(call("reset/a")).toBe("Success");
    expect(infoAnswerSchema.parse(call("info")).namespaces).toEqual({
      "": { vectorCount: 0, pendingVectorCount: 0 },
      a: { vectorCount: 0, pendingVectorCount: 0 },
      b: { vectorCount: 1, pendingVectorCount: 0 },
    });
    expect(call("delete-namespace/b")).toBe("Success");
    expect(call("list-namespaces")).toEqual(["", "a"]);
    expect(refusal(() => call("delete-namespace/b")).status).toBe(400);
    expect(refusal(() => call("delete-namespace")).status).toBe(400);
    call("reset", [], true);
    expect(infoAnswerSchema.parse(call("info")).vectorCount).toBe(0);
  });

  it("refuses a batch over max_writes_per_request, a document too large, and going over max_vector_count", () => {
    const { call } = harness({ limits: { maxDocuments: 3, maxWritesPerRequest: 2 } });
    const three = [1, 2, 3].map((i) => ({ id: `${i}`, content: { i } }));
    expect(refusal(() => call("upsert-data/x", three)).message).toMatch(/at most 2/);
    call("upsert-data/x", three.slice(0, 2));
    call("upsert-data/y", three.slice(2));
    expect(refusal(() => call("upsert-data/x", [{ id: "4", content: {} }])).message).toMatch(
      /at most 3 documents/,
    );
    expect(call("upsert-data/x", [{ id: "1", content: { i: 10 } }])).toBe("Success");
    const big = { id: "big", content: { text: "x".repeat(50 * 1024) } };
    expect(refusal(() => call("upsert-data/y", [big])).message).toMatch(/bytes as JSON/);
  });

  it("holds at most 10,000 namespaces per database, the default one included", () => {
    const { call, database } = harness();
    for (let n = 1; n < MAX_NAMESPACES; n++) call(`upsert-data/ns-${n}`, [{ id: "1", content: {} }]);
    expect(database.namespaceNames()).toHaveLength(MAX_NAMESPACES);
    expect(refusal(() => call("upsert-data/one-more", [{ id: "1", content: {} }])).message).toMatch(
      /10000 namespaces/,
    );
    expect(call("upsert-data/ns-1", [{ id: "2", content: {} }])).toBe("Success");
  });

  it("answers a bad body with a 400 that says where", () => {
    const { call } = harness();
    expect(refusal(() => call("upsert-data/x", [{ id: "1" }])).message).toMatch(/at 0\.content/);
    expect(refusal(() => call("search/x", { query: "a", topK: 0 })).message).toMatch(/topK/);
    expect(refusal(() => call("search/x", { query: "a", topK: 1, semanticWeight: 2 })).status).toBe(400);
    expect(refusal(() => call("fetch/x", { ids: ["1"], prefix: "1" })).message).toMatch(
      /exactly one of ids, prefix/,
    );
    expect(refusal(() => call("delete/x", {})).message).toMatch(/exactly one of ids, prefix, filter/);
  });

  it("keeps upserts pending for the indexing delay, then makes them searchable", () => {
    const { call, advance } = harness({ indexingDelayMs: 500 });
    call("upsert-data/shop", HEADPHONES);
    expect(infoAnswerSchema.parse(call("info")).namespaces["shop"]).toEqual({
      vectorCount: 0,
      pendingVectorCount: 4,
    });
    expect(call("search/shop", { query: "sony", topK: 5 })).toEqual([]);
    expect(fetchAnswerSchema.parse(call("fetch/shop", { ids: ["p1"] }))).toEqual([{ id: "p1" }]);
    advance(500);
    expect(infoAnswerSchema.parse(call("info"))).toMatchObject({ vectorCount: 4, pendingVectorCount: 0 });
    expect(searchAnswerSchema.parse(call("search/shop", { query: "sony", topK: 5 })).length).toBe(2);
  });

  it("survives its snapshot form: documents and namespaces come back searchable", () => {
    const documents = new SearchDocuments(makeEngine(), CONTEXT);
    const database = documents.database("index-1");
    database.upsert("shop", HEADPHONES, LIMITS, { now: 0, indexingDelayMs: 0 });
    const copy = new SearchDocuments(makeEngine(), CONTEXT);
    copy.load(persistedDocumentsSchema.parse(JSON.parse(JSON.stringify(documents))));
    const again = copy.database("index-1");
    expect(again.namespace("shop")?.get("p1")).toEqual(HEADPHONES[0]);
    expect(again.namespace("shop")?.get("p2")).toEqual(HEADPHONES[1]);
    expect(
      again
        .namespace("shop")
        ?.search("speaker", 5, 0)
        .map((hit) => hit.document.id),
    ).toEqual(["p3"]);
    expect(JSON.parse(JSON.stringify(copy))).toEqual(JSON.parse(JSON.stringify(documents)));
  });
});
