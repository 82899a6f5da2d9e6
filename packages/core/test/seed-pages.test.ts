import { describe, expect, it } from "vitest";
import { ResponseValidationError, seedSearchIndex } from "../src/index.ts";
import { validateDocuments } from "../src/schemas/search-data-inputs.ts";
import { caught } from "./helpers.ts";
import { documents, inDefault, indexWithData, inNamespace } from "./search-data-helpers.ts";

async function* pagesOf<T>(items: readonly T[], sizes: readonly number[]): AsyncGenerator<T[]> {
  let start = 0;
  for (const size of sizes) {
    yield items.slice(start, start + size);
    start += size;
  }
}

const rangeAnswer = (vectors: unknown[]) =>
  ({ kind: "status", status: 200, body: { result: { nextCursor: "", vectors } } }) as const;

describe("documents already in pages (a clone's range pages)", () => {
  it("cuts pages of any size into full batches of max_writes_per_request, the last one the rest", async () => {
    const { server, data } = await indexWithData();
    const all = documents(325);
    const progress: number[] = [];

    const result = await seedSearchIndex(data, {
      documents: { pages: pagesOf(all, [30, 250, 0, 45]) },
      index: "m",
      concurrency: 1,
      onProgress: (written) => progress.push(written),
    });

    expect(result).toEqual({ seeded: true, index: "m", written: 325, batches: 4 });
    expect(progress).toEqual([100, 200, 300, 325]);
    // Four batches, then the finished-seed record.
    expect(server.requests.filter((request) => request.route === inNamespace("upsert-data"))).toHaveLength(5);
    const [last] = await data.fetch({ ids: ["doc-0324"] }, { namespace: "m" });
    expect(last).toEqual(all[324]);
  });
});

describe("documents read as they are, not rebuilt", () => {
  it("takes a range page's documents as they came, leaving out fields beyond id, content and metadata", async () => {
    const { server, data } = await indexWithData();
    server.inject(
      inDefault("range"),
      rangeAnswer([
        { id: "a", content: { t: 1 }, metadata: { m: 1 } },
        { id: "b", content: { t: 2 }, vector: [0.5] },
      ]),
    );

    const page = await data.rangePage({ cursor: "0", limit: 10 });

    expect(page.documents).toEqual([
      { id: "a", content: { t: 1 }, metadata: { m: 1 } },
      { id: "b", content: { t: 2 } },
    ]);
  });

  it("still names the entry of a range page that is not a document", async () => {
    const { server, data } = await indexWithData({ retry: { maxAttempts: 1 } });
    server.inject(
      inDefault("range"),
      rangeAnswer([
        { id: "a", content: {} },
        { id: "b", content: "text" },
      ]),
    );

    const error = await caught(() => data.rangePage({ cursor: "0", limit: 10 }));

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toMatch(/result\.vectors\.1\.content: Invalid input: expected record/);
  });

  it("checks documents to upsert in place: the same content, fields beyond the three left out", () => {
    const content = { title: "Heat" };
    const [checked] = validateDocuments([{ id: "a", content, score: 0.9 } as never]);

    expect(checked).toEqual({ id: "a", content });
    expect(checked?.content).toBe(content);
    expect(() => validateDocuments([{ id: "", content }])).toThrow(/documents\.0\.id/);
  });
});
