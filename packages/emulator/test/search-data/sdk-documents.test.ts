import { describe, expect, it } from "vitest";
import { answersChecked, indexWithSdk } from "./sdk-helpers.ts";

type Product = { name: string; brand: string; price: number; tags: string[] };
type Stock = { sku: string; stock: number };

const PRODUCTS: { id: string; content: Product; metadata?: Stock }[] = [
  {
    id: "p-headphones",
    content: {
      name: "Wireless noise-cancelling headphones",
      brand: "Sony",
      price: 299,
      tags: ["audio", "travel"],
    },
    metadata: { sku: "SO-1", stock: 3 },
  },
  {
    id: "p-earbuds",
    content: { name: "Wireless earbuds", brand: "Apple", price: 179, tags: ["audio"] },
    metadata: { sku: "AP-2", stock: 0 },
  },
  {
    id: "p-speaker",
    content: { name: "Bluetooth speaker", brand: "Sony", price: 99, tags: ["audio", "outdoor"] },
  },
  { id: "x-cable", content: { name: "USB-C cable", brand: "Anker", price: 12, tags: ["accessory"] } },
];

describe("documents through the official SDK", () => {
  it("upserts and finds what matches, best first", async () => {
    const { client } = await indexWithSdk();
    const shop = client.index<Product, Stock>("shop");
    expect(await shop.upsert(PRODUCTS)).toBe("Success");

    const headphones = await shop.search({ query: "noise cancelling headphones" });
    expect(headphones[0]).toEqual({ ...PRODUCTS[0], score: expect.any(Number) });
    expect(headphones.map((hit) => hit.id)).not.toContain("x-cable");

    const wireless = await shop.search({ query: "wireless", limit: 10 });
    expect(wireless.map((hit) => hit.id).sort()).toEqual(["p-earbuds", "p-headphones"]);
    for (const hit of wireless) expect(hit.score).toBeGreaterThan(0);
    expect(wireless.every((hit) => hit.score <= 1)).toBe(true);

    expect(await shop.search({ query: "cable", limit: 1 })).toEqual([
      { ...PRODUCTS[3], score: expect.any(Number) },
    ]);
    expect(await shop.search({ query: "sony", limit: 1 })).toHaveLength(1);
    expect(await shop.search({ query: "submarine" })).toEqual([]);
    expect(answersChecked()).toBeGreaterThan(0);
  });

  it("takes index names with spaces and slashes", async () => {
    const { client } = await indexWithSdk();
    const odd = client.index("team a/notes");
    await odd.upsert({ id: "1", content: { text: "odd names work" } });
    expect((await odd.search({ query: "odd" })).map((hit) => hit.id)).toEqual(["1"]);
    expect(await client.listIndexes()).toContain("team a/notes");
    expect(await odd.deleteIndex()).toBe("Success");
  });

  it("ranks the document that matches more of the query first", async () => {
    const { client } = await indexWithSdk();
    const notes = client.index("notes");
    await notes.upsert([
      { id: "a", content: { text: "red apples" } },
      { id: "b", content: { text: "red apples and green pears" } },
      { id: "c", content: { text: "green grapes" } },
    ]);
    const hits = await notes.search({ query: "green pears", limit: 3, semanticWeight: 0.5, reranking: true });
    expect(hits.map((hit) => hit.id)).toEqual(["b", "c"]);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? 1);
  });

  it("fetches by ids, with null for an unknown id, and by prefix", async () => {
    const { client } = await indexWithSdk();
    const shop = client.index<Product, Stock>("shop");
    await shop.upsert(PRODUCTS);
    expect(await shop.fetch({ ids: ["p-speaker", "nope", "p-headphones"] })).toEqual([
      { id: "p-speaker", content: PRODUCTS[2]?.content, metadata: undefined },
      null,
      PRODUCTS[0],
    ]);
    expect(await shop.fetch(["x-cable"])).toEqual([{ ...PRODUCTS[3], metadata: undefined }]);
    const prefixed = await shop.fetch({ prefix: "p-" });
    expect(prefixed.map((document) => document?.id)).toEqual(["p-earbuds", "p-headphones", "p-speaker"]);
  });

  it("ranges over more than 1,000 documents with the cursor, and by prefix", async () => {
    const { client } = await indexWithSdk();
    const big = client.index("big");
    const ids = Array.from({ length: 1_150 }, (_, i) => `doc-${String(i).padStart(4, "0")}`);
    for (let at = 0; at < ids.length; at += 100) {
      await big.upsert(ids.slice(at, at + 100).map((id, i) => ({ id, content: { n: at + i } })));
    }
    const seen: string[] = [];
    let cursor = "0";
    do {
      const page = await big.range({ cursor, limit: 400 });
      seen.push(...page.documents.map((document) => document.id));
      cursor = page.nextCursor;
    } while (cursor !== "");
    expect(seen).toEqual(ids);

    const first = await big.range({ cursor: "0", limit: 5, prefix: "doc-11" });
    expect(first.documents.map((document) => document.id)).toEqual(ids.slice(1100, 1105));
    expect(first.documents[0]).toEqual({ id: "doc-1100", content: { n: 1100 }, metadata: undefined });
    const rest = await big.range({ cursor: first.nextCursor, limit: 100, prefix: "doc-11" });
    expect(rest.documents).toHaveLength(45);
    expect(rest.nextCursor).toBe("");
  });

  it("deletes by ids, by prefix and by filter, saying how many went", async () => {
    const { client } = await indexWithSdk();
    const shop = client.index<Product, Stock>("shop");
    await shop.upsert(PRODUCTS);
    expect(await shop.delete({ ids: ["p-earbuds", "never-there"] })).toEqual({ deleted: 1 });
    expect(await shop.delete("p-speaker")).toEqual({ deleted: 1 });
    expect(await shop.delete({ prefix: "x-" })).toEqual({ deleted: 1 });
    await shop.upsert(PRODUCTS);
    expect(await shop.delete({ filter: "brand = 'Sony' AND @metadata.stock > 0" })).toEqual({ deleted: 1 });
    const left = await shop.fetch({ prefix: "" });
    expect(left.map((document) => document?.id)).toEqual(["p-earbuds", "p-speaker", "x-cable"]);
  });

  it("resets one index, reports counts in info, lists and deletes indexes", async () => {
    const { client } = await indexWithSdk();
    await client.index("shop").upsert(PRODUCTS);
    await client.index("blog").upsert([{ id: "post-1", content: { title: "Hello" } }]);
    expect(await client.index("shop").info()).toEqual({ documentCount: 4, pendingDocumentCount: 0 });
    const info = await client.info();
    expect(info).toMatchObject({ documentCount: 5, pendingDocumentCount: 0 });
    expect(info.diskSize).toBeGreaterThan(0);
    expect(info.indexes["blog"]).toEqual({ documentCount: 1, pendingDocumentCount: 0 });
    expect((await client.listIndexes()).sort()).toEqual(["", "blog", "shop"]);

    expect(await client.index("shop").reset()).toBe("Success");
    expect(await client.index("shop").fetch({ ids: ["p-headphones"] })).toEqual([null]);
    expect(await client.index("blog").info()).toEqual({ documentCount: 1, pendingDocumentCount: 0 });

    expect(await client.index("blog").deleteIndex()).toBe("Success");
    expect((await client.listIndexes()).sort()).toEqual(["", "shop"]);
    expect(await client.index("never-made").info()).toEqual({ documentCount: 0, pendingDocumentCount: 0 });
  });
});
