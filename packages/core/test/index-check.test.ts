import { describe, expect, it } from "vitest";
import { ensureSearchIndex, ResponseValidationError } from "../src/index.ts";
import { caught, emulator, managementClient } from "./helpers.ts";

// The index an operation picks from a listing is checked in full by the zod schema alone (issue
// 40: a plain function beside it bought less than 5 ms of a step's start, bench/README.md).
const WANTED = { name: "shop-pr-7", region: "eu-west-1", type: "free" } as const;

describe("the picked index's check", () => {
  it("reads an index with a value no API would store as the schema does, and still finds it", async () => {
    const server = await emulator();
    const existing = await managementClient(server).searchIndexes.create(WANTED);
    const [stored] = server.indexes.list();
    // A value no API would store, planted as it is.
    if (stored)
      server.indexes.put({ ...stored, index: { ...stored.index, creation_time: "long ago" } } as never);
    const result = await ensureSearchIndex(managementClient(server), WANTED);
    expect(result).toMatchObject({ created: false, index: { id: existing.id } });
    expect(result.index.creation_time).toBeUndefined();
  });

  it("still refuses, in the schema's words, an index the schema refuses", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create(WANTED);
    const [stored] = server.indexes.list();
    if (stored) server.indexes.put({ ...stored, index: { ...stored.index, endpoint: "evil host" } });
    const error = await caught(() =>
      ensureSearchIndex(managementClient(server, { retry: { maxAttempts: 1 } }), WANTED),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toContain("endpoint: not usable as an endpoint");
  });
});
