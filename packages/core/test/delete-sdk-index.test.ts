import { describe, expect, it } from "vitest";
import { deleteSdkIndex, pruneSdkIndexes, seedSearchIndex } from "../src/index.ts";
import { readSeedMarker } from "../src/operations/seed-marker.ts";
import { documents, indexWithData } from "./search-data-helpers.ts";

describe("deleteSdkIndex and pruneSdkIndexes", () => {
  it("deletes one SDK index and its seed record, so the next ensure seeds it again; the others stay", async () => {
    const { data } = await indexWithData();
    await seedSearchIndex(data, { documents: documents(5), index: "movies-pr-1" });
    await seedSearchIndex(data, { documents: documents(5), index: "movies-pr-2" });

    expect(await deleteSdkIndex(data, { index: "movies-pr-1" })).toEqual({ deleted: true });
    expect(await deleteSdkIndex(data, { index: "movies-pr-1" })).toEqual({ deleted: false });
    expect(await readSeedMarker(data, "movies-pr-1", {})).toBeUndefined();
    expect(await readSeedMarker(data, "movies-pr-2", {})).toBeDefined();
    const again = await seedSearchIndex(data, { documents: documents(5), index: "movies-pr-1" });
    expect(again).toMatchObject({ seeded: true, written: 5 });
  });

  it("prunes the SDK indexes whose pull request is stale, asking once for all candidates", async () => {
    const { data } = await indexWithData();
    for (const pr of [1, 2, 3])
      await seedSearchIndex(data, { documents: documents(2), index: `movies-pr-${pr}` });
    await seedSearchIndex(data, { documents: documents(2), index: "other" });
    const asked: string[][] = [];

    const result = await pruneSdkIndexes(data, {
      pattern: "movies-pr-{pr}",
      staleOf: async (candidates) => {
        asked.push(candidates.map((c) => c.values.pr ?? ""));
        return candidates.map((c) => c.values.pr !== "2");
      },
    });

    expect(asked).toEqual([["1", "2", "3"]]);
    expect(result.deleted.map((d) => d.name)).toEqual(["movies-pr-1", "movies-pr-3"]);
    expect((await data.listNamespaces()).sort()).toEqual(["", "movies-pr-2", "other", "stashkit-seeds"]);
  });
});
