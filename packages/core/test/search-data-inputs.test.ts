import { describe, expect, it } from "vitest";
import { ConfigurationError, SearchIndexData } from "../src/index.ts";
import { caught, emulator } from "./helpers.ts";

const TOKEN = "index-token-0123456789";
const READ_ONLY = "read-only-token-9876543210";

/** An index as the management API describes it, its REST URL on the emulator's port. */
function indexOn(url: string, fields: Record<string, unknown> = {}) {
  return { endpoint: `${url}/data`, token: TOKEN, read_only_token: READ_ONLY, ...fields };
}

describe("SearchIndexData checks its input before anything is sent", () => {
  it.each<[string, (data: SearchIndexData) => Promise<unknown>, string, RegExp]>([
    [
      "a document without content",
      (data) => data.upsert([{ id: "a", content: {} }, { id: "b" } as never]),
      "documents",
      /documents\.1\.content/,
    ],
    [
      "a document with an empty id",
      (data) => data.upsert([{ id: "", content: {} }]),
      "documents",
      /documents\.0\.id/,
    ],
    [
      "content that is not an object",
      (data) => data.upsert([{ id: "a", content: "text" as never }]),
      "documents",
      /documents\.0\.content/,
    ],
    [
      "a batch larger than the index allows",
      (data) => data.upsert([{ id: "a", content: {} }], { batchSize: 101 }),
      "batchSize",
      /from 1 to 100/,
    ],
    [
      "a namespace with a slash",
      (data) => data.fetch({ ids: ["a"] }, { namespace: "a/b" }),
      "namespace",
      /"\/"/,
    ],
    ["a namespace that is a dot segment", (data) => data.reset({ namespace: ".." }), "namespace", /"\.\."/],
    ["an empty id to fetch", (data) => data.fetch({ ids: ["a", ""] }), "ids", /ids\.1/],
    ["an empty prefix to delete", (data) => data.delete({ prefix: "" }), "prefix", /use reset/],
    ["an empty filter to delete", (data) => data.delete({ filter: "" }), "filter", /use reset/],
    ["the default namespace to delete", (data) => data.deleteNamespace(""), "namespace", /cannot be deleted/],
    ["a page size over 1,000", (data) => data.range({ pageSize: 1001 }).next(), "pageSize", /from 1 to 1000/],
    ["a topK of 0", (data) => data.search({ query: "x", topK: 0 }), "topK", /from 1 to 1000/],
  ])("refuses %s", async (_what, act, input, message) => {
    const server = await emulator();
    const data = new SearchIndexData({ url: `${server.url}/data`, token: TOKEN, env: {} });

    const error = await caught(() => act(data));

    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).input).toBe(input);
    expect(error.message).toMatch(message);
    expect(server.requests).toEqual([]);
  });

  it("refuses an empty token and a URL that is not https (or loopback http), naming the option", () => {
    const empty = (() => {
      try {
        return new SearchIndexData({ url: "https://x-search.upstash.io", token: " ", env: {} });
      } catch (error) {
        return error;
      }
    })();
    const plain = (() => {
      try {
        return new SearchIndexData({ url: "http://x-search.upstash.io", token: TOKEN, env: {} });
      } catch (error) {
        return error;
      }
    })();

    expect(empty).toBeInstanceOf(ConfigurationError);
    expect((empty as ConfigurationError).input).toBe("token");
    expect(plain).toBeInstanceOf(ConfigurationError);
    expect((plain as ConfigurationError).input).toBe("url");
  });
});

describe("SearchIndexData.fromIndex and fromEnv", () => {
  it("takes the REST URL from the endpoint, the batch size from max_writes_per_request, and masks both tokens", () => {
    const data = SearchIndexData.fromIndex(indexOn("http://127.0.0.1:1", { max_writes_per_request: 1_000 }));

    expect(data.url).toBe("http://127.0.0.1:1/data");
    expect(data.maxWritesPerRequest).toBe(1_000);
    expect(data.redact(`a ${TOKEN} b ${READ_ONLY}`)).toBe("a *** b ***");
    expect(JSON.stringify(data)).not.toContain(TOKEN);
  });

  it("fills a bare endpoint into the template, and batches 100 when the index states no usable limit", () => {
    const bare = { endpoint: "glowing-baboon-15797-us1", token: TOKEN, read_only_token: READ_ONLY };

    expect(SearchIndexData.fromIndex(bare).url).toBe("https://glowing-baboon-15797-us1-search.upstash.io");
    const templated = SearchIndexData.fromIndex(
      { ...bare, max_writes_per_request: "many" },
      { restUrlTemplate: "https://{endpoint}.example.test" },
    );
    expect(templated.url).toBe("https://glowing-baboon-15797-us1.example.test");
    expect(templated.maxWritesPerRequest).toBe(100);
  });

  it("reads UPSTASH_SEARCH_REST_URL and UPSTASH_SEARCH_REST_TOKEN, and names what is missing", () => {
    const data = SearchIndexData.fromEnv({
      env: { UPSTASH_SEARCH_REST_URL: "https://x-search.upstash.io/", UPSTASH_SEARCH_REST_TOKEN: TOKEN },
    });
    const missing = (() => {
      try {
        return SearchIndexData.fromEnv({ env: { UPSTASH_SEARCH_REST_TOKEN: TOKEN } });
      } catch (error) {
        return error as ConfigurationError;
      }
    })();
    const badUrl = (() => {
      try {
        return SearchIndexData.fromEnv({
          env: { UPSTASH_SEARCH_REST_URL: "http://x-search.upstash.io", UPSTASH_SEARCH_REST_TOKEN: TOKEN },
        });
      } catch (error) {
        return error as ConfigurationError;
      }
    })();

    expect(data.url).toBe("https://x-search.upstash.io");
    expect(missing).toBeInstanceOf(ConfigurationError);
    expect((missing as ConfigurationError).message).toMatch(/^UPSTASH_SEARCH_REST_URL is not set/);
    expect((badUrl as ConfigurationError).input).toBe("UPSTASH_SEARCH_REST_URL");
    expect(
      SearchIndexData.fromEnv({
        baseUrl: "https://y-search.upstash.io",
        env: { UPSTASH_SEARCH_REST_TOKEN: TOKEN },
      }).url,
    ).toBe("https://y-search.upstash.io");
  });
});
