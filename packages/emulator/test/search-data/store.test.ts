import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SearchDocuments } from "../../src/search-data/search-documents.ts";
import { searchDataArea } from "../../src/search-data/store.ts";

const shape = z.object(searchDataArea.shape);
const DOC = { id: "a", content: { text: "hello" }, metadata: { n: 1 } };

describe("the search data store area", () => {
  it("starts empty when the file has no documents, and reads them back from its JSON", () => {
    const empty = shape.parse({});
    expect(empty.searchDocuments).toBeInstanceOf(SearchDocuments);
    expect(JSON.parse(JSON.stringify(empty))).toEqual({ searchDocuments: {} });

    const loaded = shape.parse({ searchDocuments: { "index-1": { notes: [DOC], "": [] } } });
    const database = loaded.searchDocuments.database("index-1");
    expect(database.namespace("notes")?.get("a")).toEqual(DOC);
    expect(
      database
        .namespace("notes")
        ?.search("hello", 1, 0)
        .map((hit) => hit.id),
    ).toEqual(["a"]);
    expect(JSON.parse(JSON.stringify(loaded))).toEqual({ searchDocuments: { "index-1": { notes: [DOC] } } });
  });

  it("refuses documents of the wrong shape in the file", () => {
    expect(shape.safeParse({ searchDocuments: { "index-1": { notes: [{ id: "a" }] } } }).success).toBe(false);
  });

  it("drops the documents of indexes that no longer exist", () => {
    const documents = new SearchDocuments({ kept: { n: [DOC] }, gone: { n: [DOC] } });
    const live = new Set(["kept", "gone"]);
    documents.followIndexes(() => live);
    expect(Object.keys(documents.toJSON())).toEqual(["kept", "gone"]);
    live.delete("gone");
    expect(Object.keys(documents.toJSON())).toEqual(["kept"]);
  });
});
