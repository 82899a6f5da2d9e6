import { Search } from "@upstash/search";
import { describe, expect, it } from "vitest";
import { emulator, management } from "./helpers.ts";
import { startBin } from "./start-bin.ts";

describe("search variables", () => {
  it("searchIndexes makes each index at start, once, and searchEnv(name) is what Search.fromEnv reads", async () => {
    const server = await emulator({ searchIndexes: ["shop", "docs", "shop"] });
    // Made through the management API, as setup: the request log starts empty.
    expect(server.requests).toEqual([]);

    const listed = (await management(server).list()).json as { name: string }[];
    expect(listed.map((index) => index.name)).toEqual(["shop", "docs"]);
    for (const name of ["shop", "docs"]) {
      const search = Search.fromEnv(server.searchEnv(name));
      await search.index("catalog").upsert({ id: `${name}-1`, content: { title: `a ${name} document` } });
      const found = await search.index("catalog").search({ query: name });
      expect(found.map((document) => document.id)).toEqual([`${name}-1`]);
    }
  });

  it("an index that exists (seeded, or in the data file) is used, not made again", async () => {
    const server = await emulator({ searchIndexes: ["shop"] });
    const before = server.searchEnv("shop");
    server.restore(server.exportSnapshot());
    expect(server.searchEnv("shop")).toEqual(before);
    expect(before.UPSTASH_SEARCH_REST_URL).toMatch(
      new RegExp(`^${server.url}/search/[a-z]+-[a-z]+-\\d+-us1$`),
    );
  });

  it("searchEnv of an unknown name throws naming it and the indexes there are", async () => {
    const server = await emulator({ searchIndexes: ["shop"] });
    expect(() => server.searchEnv("shoes")).toThrow('no search index "shoes"');
    expect(() => server.searchEnv("shoes")).toThrow('there are "shop"');
  });

  it("the command prints the first index's variables with the others: the printed lines alone reach it", async () => {
    const started = await startBin(["--search-index", "shop", "--search-index", "docs"]);
    try {
      const variables = Object.fromEntries(
        [...started.banner.matchAll(/(UPSTASH_SEARCH_REST_(?:URL|TOKEN))=(\S+)/g)].map((m) => [m[1], m[2]]),
      ) as { UPSTASH_SEARCH_REST_URL: string; UPSTASH_SEARCH_REST_TOKEN: string };
      expect(Object.keys(variables)).toEqual(["UPSTASH_SEARCH_REST_URL", "UPSTASH_SEARCH_REST_TOKEN"]);
      expect(started.banner).toContain("search index    shop ");

      const search = Search.fromEnv(variables);
      await search.index("products").upsert({ id: "s1", content: { title: "shoes" } });
      expect(
        (await search.index("products").search({ query: "shoes" })).map((document) => document.id),
      ).toEqual(["s1"]);
    } finally {
      started.process.kill("SIGTERM");
      await started.exited;
    }
  });
});
