import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Clock } from "../../src/clock/clock.ts";
import { DEFAULT_LIMITS } from "../../src/options/limits.ts";
import type { DatabaseLimits } from "../../src/search-data/database.ts";
import { searchDataArea } from "../../src/search-data/store.ts";
import { ENGINES } from "../storage/engines.ts";

const shape = z.object(searchDataArea.shape);
const DOC = { id: "a", content: { text: "hello" }, metadata: { n: 1 } };
const LIMITS: DatabaseLimits = { maxDocuments: 100, maxWritesPerRequest: 100 };
const NOW = { now: 0, indexingDelayMs: 0 };
const context = { noticeOnce: () => {}, limits: DEFAULT_LIMITS, clock: new Clock() };

describe.each(ENGINES)("the search data store area (%s)", (_name, makeEngine) => {
  it("starts empty, and reads a snapshot's documents back searchable", () => {
    const documents = searchDataArea.open(makeEngine(), context);
    expect(searchDataArea.exportKeys(documents)).toEqual({ searchDocuments: {} });
    const keys = shape.parse({ searchDocuments: { "index-1": { notes: [DOC], "": [] } } });
    searchDataArea.importKeys(documents, keys);
    const database = documents.database("index-1");
    expect(database.namespace("notes")?.get("a")).toEqual(DOC);
    expect(
      database
        .namespace("notes")
        ?.search("hello", 1, 0)
        .map((hit) => hit.document.id),
    ).toEqual(["a"]);
    expect(searchDataArea.exportKeys(documents)).toEqual({
      searchDocuments: { "index-1": { notes: [DOC] } },
    });
  });

  it("refuses documents of the wrong shape in a snapshot", () => {
    expect(shape.safeParse({ searchDocuments: { "index-1": { notes: [{ id: "a" }] } } }).success).toBe(false);
  });

  it("keeps a namespace called __proto__ like any other: in info, exports and snapshots", () => {
    const documents = searchDataArea.open(makeEngine(), context);
    const database = documents.database("index-1");
    database.upsert("__proto__", [DOC], LIMITS, NOW);
    database.upsert("constructor", [{ ...DOC, id: "b" }], LIMITS, NOW);
    const info = database.info(0);
    expect(Object.keys(info.namespaces)).toEqual(["", "__proto__", "constructor"]);
    expect(info.vectorCount).toBe(2);
    const exported = JSON.parse(JSON.stringify(searchDataArea.exportKeys(documents)));
    expect(Object.keys(exported.searchDocuments["index-1"])).toEqual(["__proto__", "constructor"]);

    const copy = searchDataArea.open(makeEngine(), context);
    searchDataArea.importKeys(copy, shape.parse(exported));
    expect(copy.database("index-1").namespace("__proto__")?.get("a")).toEqual(DOC);
    expect(copy.database("index-1").namespaceNames()).toEqual(["", "__proto__", "constructor"]);
  });

  it("drops an index's documents when asked, and everything on reset", () => {
    const documents = searchDataArea.open(makeEngine(), context);
    documents.database("kept").upsert("n", [DOC], LIMITS, NOW);
    documents.database("gone").upsert("n", [DOC], LIMITS, NOW);
    documents.dropIndex("gone");
    expect(Object.keys(documents.toJSON())).toEqual(["kept"]);
    expect(documents.database("gone").documentCount).toBe(0);
    expect(documents.database("gone").namespace("n")?.search("hello", 5, 0)).toBeUndefined();
    searchDataArea.reset(documents);
    expect(documents.toJSON()).toEqual({});
  });
});
