import { describe, expect, it } from "vitest";
import { deleteSearchIndex, ResponseValidationError } from "../src/index.ts";
import { isListedEntry } from "../src/schemas/search-index.ts";
import { listedEntriesSchema } from "../src/schemas/search-index-schemas.ts";
import { caught, emulator, managementClient } from "./helpers.ts";

// A listing is checked by a plain function and goes through the zod schema only when an entry
// fails it. Both are made from one declaration (LISTED_ENTRY: each field's kind of value, whose
// check the schema is built on), and must accept exactly the same entries.
const ENTRIES: [string, unknown][] = [
  ["a usual entry", { id: "3f2a-uuid", name: "shop-pr-7", region: "eu-west-1", extra: [1] }],
  ["a name with spaces and unicode", { id: "a:b.c_d-e", name: "Shop é ✓ pr 7" }],
  ["an empty name", { id: "i1", name: "" }],
  ["a name of 1024 characters", { id: "i1", name: "n".repeat(1024) }],
  ["a name of 1025 characters", { id: "i1", name: "n".repeat(1025) }],
  ["an id of 256 characters", { id: "i".repeat(256), name: "n" }],
  ["an id of 257 characters", { id: "i".repeat(257), name: "n" }],
  ["an empty id", { id: "", name: "n" }],
  ["an id starting with a dot", { id: ".x", name: "n" }],
  ["the id ..", { id: "..", name: "n" }],
  ["an id with a space", { id: "a b", name: "n" }],
  ["an id with a line break", { id: "a\n", name: "n" }],
  ["a numeric id", { id: 7, name: "n" }],
  ["no id", { name: "n" }],
  ["no name", { id: "i1" }],
  ["a null name", { id: "i1", name: null }],
  ["the name .", { id: "i1", name: "." }],
  ["a name with a slash", { id: "i1", name: "a/b" }],
  ["a name with a backslash", { id: "i1", name: "a\\b" }],
  ["a name with a C1 control", { id: "i1", name: "a\u0085b" }],
  ["a name with a bidi override", { id: "i1", name: "a\u202eb" }],
  ["a name with a line separator", { id: "i1", name: "a\u2028b" }],
  ["an entry that is an array", ["i1", "n"]],
  ["an entry that is null", null],
  ["an entry that is a string", "i1"],
  ["an entry with a __proto__ key", JSON.parse('{"__proto__": {"id": "x"}, "id": "i1", "name": "n"}')],
];

describe("the listing's plain check", () => {
  it.each(ENTRIES)("agrees with the schema on %s", (_case, entry) => {
    const bySchema = listedEntriesSchema().safeParse([entry]).success;
    expect(isListedEntry(entry)).toBe(bySchema);
  });

  it("still refuses a listing whose one bad entry is far from the index asked for", async () => {
    const server = await emulator();
    server.seedSearchIndexes({ count: 50, namePrefix: "shop" });
    const bad = server.indexes.list()[37];
    if (bad) server.indexes.put({ ...bad, index: { ...bad.index, name: "n1\n::set-output name=pwn::1" } });
    const client = managementClient(server, { retry: { maxAttempts: 1 } });
    const error = await caught(() => deleteSearchIndex(client, { name: "shop-3" }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toContain("answered 200 with an unexpected body (37.name: not usable");
  });
});
