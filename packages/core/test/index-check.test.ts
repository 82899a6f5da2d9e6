import { describe, expect, it } from "vitest";
import { ensureSearchIndex, ResponseValidationError } from "../src/index.ts";
import { plainSearchIndex } from "../src/schemas/search-index.ts";
import { searchIndexSchema } from "../src/schemas/search-index-schemas.ts";
import * as z from "../src/schemas/zod.ts";
import { caught, emulator, managementClient } from "./helpers.ts";

// The index an operation picks is read by a plain function and goes through the zod schema only
// when the function declines it: what the function returns must be what the schema returns, key
// for key and in the same order, and it must decline whatever the schema refuses.
const GOOD = {
  id: "3f2a-uuid",
  name: "shop-pr-7",
  endpoint: "shop-pr-7-123-eu1-search.upstash.io",
  token: "QUFB+/=_.:-",
  read_only_token: "cmVhZA==",
  region: "eu-west-1",
  type: "free",
};
const WANTED = { name: GOOD.name, region: "eu-west-1", type: "free" } as const;
const ENTRIES: [string, unknown][] = [
  ["a usual index", GOOD],
  ["an index with the optional fields", { ...GOOD, creation_time: 1_700_000_000, customer_id: "c@x" }],
  ["fields in another order, and extra ones", { extra: [1], customer_id: "c", ...GOOD, more: { a: 1 } }],
  ["the plan named paid", { ...GOOD, type: "paid" }],
  ["a region of no known kind", { ...GOOD, region: "mars-north-1" }],
  ["a string creation time", { ...GOOD, creation_time: "yesterday" }],
  ["a null creation time", { ...GOOD, creation_time: null }],
  ["a numeric customer id", { ...GOOD, customer_id: 7 }],
  ["an undefined customer id", { ...GOOD, customer_id: undefined }],
  ["an empty endpoint", { ...GOOD, endpoint: "" }],
  ["an endpoint with a space", { ...GOOD, endpoint: "a b" }],
  ["an endpoint of 1025 characters", { ...GOOD, endpoint: "e".repeat(1025) }],
  ["a URL endpoint", { ...GOOD, endpoint: "https://[::1]:8080/x~y" }],
  ["an empty token", { ...GOOD, token: "" }],
  ["a token with a $", { ...GOOD, token: "a$b" }],
  ["a token of 4097 characters", { ...GOOD, token: "t".repeat(4097) }],
  ["a token of 4096 characters", { ...GOOD, token: "t".repeat(4096) }],
  ["a numeric read-only token", { ...GOOD, read_only_token: 5 }],
  ["no read-only token", { ...GOOD, read_only_token: undefined }],
  ["an empty region", { ...GOOD, region: "" }],
  ["a region with a line break", { ...GOOD, region: "eu\n" }],
  ["a plan with a bidi override", { ...GOOD, type: "fr\u202eee" }],
  ["a null plan", { ...GOOD, type: null }],
  ["a bad id", { ...GOOD, id: "a b" }],
  ["a name with a slash", { ...GOOD, name: "a/b" }],
  ["a name of 1025 characters", { ...GOOD, name: "n".repeat(1025) }],
  ["no name", { ...GOOD, name: undefined }],
  ["an array", [GOOD]],
  ["null", null],
  ["a string", "index"],
  ["a __proto__ key", JSON.parse(`{"__proto__": {"x": 1}, ${JSON.stringify(GOOD).slice(1)}`)],
];

/** Values no API would store, planted in the emulator's first index (a record read is a frozen copy). */
function plant(server: Awaited<ReturnType<typeof emulator>>, values: Record<string, unknown>): void {
  const [stored] = server.indexes.list();
  if (stored) server.indexes.put({ ...stored, index: { ...stored.index, ...values } } as typeof stored);
}

describe("the picked index's plain check", () => {
  it.each(ENTRIES)("agrees with the schema on %s", (_case, entry) => {
    const bySchema = z.safeParse(searchIndexSchema(), entry);
    const plain = plainSearchIndex(entry);
    if (!bySchema.success) expect(plain).toBeUndefined();
    if (plain === undefined) return;
    expect(plain).toStrictEqual(bySchema.data);
    expect(Object.keys(plain)).toEqual(Object.keys(bySchema.data ?? {}));
  });

  it("reads the usual shapes itself, without the schema", () => {
    for (const index of ENTRIES.slice(0, 5).map(([, entry]) => entry)) {
      expect(plainSearchIndex(index)).toBeDefined();
    }
  });

  it("leaves an index the schema reads differently to the schema, which still finds it", async () => {
    const server = await emulator();
    const existing = await managementClient(server).searchIndexes.create(WANTED);
    plant(server, { creation_time: "long ago" });
    const result = await ensureSearchIndex(managementClient(server), WANTED);
    expect(result).toMatchObject({ created: false, index: { id: existing.id } });
    expect(result.index.creation_time).toBeUndefined();
  });

  it("still refuses, in the schema's words, an index the schema refuses", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create(WANTED);
    plant(server, { endpoint: "evil host" });
    const error = await caught(() =>
      ensureSearchIndex(managementClient(server, { retry: { maxAttempts: 1 } }), WANTED),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toContain("endpoint: not usable as an endpoint");
  });
});
