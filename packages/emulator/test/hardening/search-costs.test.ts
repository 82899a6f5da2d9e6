import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH } from "../../src/search-data/documents/query.ts";
import { MAX_GLOB_PATTERN } from "../../src/search-data/filter/glob.ts";
import { MAX_FILTER_DEPTH } from "../../src/search-data/filter/parser.ts";
import { emulator } from "../helpers.ts";
import { indexWithDocuments } from "../state-helpers.ts";

/** An index with `documents`, and a function that searches it over HTTP as the SDK does. */
async function searchable(documents: { id: string; content: Record<string, unknown> }[]) {
  const server = await emulator();
  const index = await indexWithDocuments(server, "costs", documents);
  const endpoint = index.endpoint.split("/").at(-1);
  return async (body: Record<string, unknown>) => {
    const answer = await fetch(`${server.url}/search/${endpoint}/search`, {
      method: "POST",
      headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
      body: JSON.stringify({ topK: 10, ...body }),
    });
    const json = (await answer.json()) as { result?: { id: string }[]; error?: string };
    return { status: answer.status, ids: (json.result ?? []).map((hit) => hit.id), error: json.error };
  };
}

describe("what one search may cost", () => {
  it("refuses a query longer than the limit by its length, and answers one at the limit", async () => {
    const search = await searchable([{ id: "d1", content: { text: "running shoes" } }]);
    const tooLong = await search({ query: "a".repeat(16_000) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error).toBe(`Query is 16000 characters long; at most ${MAX_QUERY_LENGTH} are searched`);
    // One word of 2,000 letters: past the fuzzy bound, so it is looked up as spelt.
    const atLimit = await search({ query: "r".repeat(MAX_QUERY_LENGTH) });
    expect(atLimit).toEqual({ status: 200, ids: [], error: undefined });
    expect((await search({ query: "runing shoes" })).ids).toEqual(["d1"]);
  });

  it("forgives a typo in a word of up to 24 letters, and not in a longer one", async () => {
    const word24 = "abcdefghijklmnopqrstuvwx";
    const word25 = "zyxwvutsrqponmlkjihgfedcb";
    const search = await searchable([
      { id: "short", content: { text: word24 } },
      { id: "long", content: { text: word25 } },
    ]);
    // One letter changed near the end of each (so no prefix of it matches either).
    expect((await search({ query: `${word24.slice(0, -1)}z` })).ids).toEqual(["short"]);
    expect((await search({ query: `${word25.slice(0, -1)}z` })).ids).toEqual([]);
    expect((await search({ query: word25 })).ids).toEqual(["long"]);
  });

  it("refuses parentheses nested past the documented depth with a 400, and takes them at it", async () => {
    const search = await searchable([{ id: "d1", content: { city: "Istanbul" } }]);
    const nested = (depth: number) => `${"(".repeat(depth)}city = 'Istanbul'${")".repeat(depth)}`;
    const deep = await search({ query: "Istanbul", filter: nested(5_000) });
    expect(deep.status).toBe(400);
    expect(deep.error).toMatch(
      new RegExp(
        `parentheses nest deeper than ${MAX_FILTER_DEPTH} levels.*at position ${MAX_FILTER_DEPTH + 1}`,
      ),
    );
    expect(await search({ query: "Istanbul", filter: nested(MAX_FILTER_DEPTH) })).toMatchObject({
      status: 200,
      ids: ["d1"],
    });
  });

  it("refuses a GLOB pattern past the limit, and matches long texts against the longest", async () => {
    // Ten documents of 40 KB: the old matcher spent seconds on one search over these.
    const documents = Array.from({ length: 10 }, (_, n) => ({
      id: `d${n}`,
      content: { title: "report", body: `${"a".repeat(40_000)}${n % 2 === 0 ? "b" : "c"}` },
    }));
    const search = await searchable(documents);
    const tooLong = await search({
      query: "",
      filter: `body GLOB '${"*a".repeat(MAX_GLOB_PATTERN / 2 - 1)}*b*'`,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error).toMatch(
      new RegExp(
        `a GLOB pattern holds at most ${MAX_GLOB_PATTERN} characters; this one has ${MAX_GLOB_PATTERN + 1}`,
      ),
    );
    const longest = `${"*a".repeat(MAX_GLOB_PATTERN / 2 - 1)}*b`;
    const matched = await search({ query: "report", filter: `body GLOB '${longest}'` });
    expect(matched.status).toBe(200);
    expect(matched.ids.sort()).toEqual(["d0", "d2", "d4", "d6", "d8"]);
  });

  it("holds the inspector's search box to the same limit", async () => {
    const server = await emulator();
    const page = await (await fetch(`${server.url}/`)).text();
    expect(page).toContain(
      `<input id="search-query" type="search" maxlength="${MAX_QUERY_LENGTH}" required>`,
    );
  });
});
