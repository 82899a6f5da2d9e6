import { describe, expect, it } from "vitest";
import { indexWithSdk, refusal } from "./sdk-helpers.ts";

const DOC = { id: "1", content: { text: "hello world" } };

async function rawCall(url: string, token: string | undefined, body: unknown, method = "POST") {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== undefined) headers["authorization"] = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers,
    ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

describe("who may use an index's data plane", () => {
  it("lets the read-only token read but answers its writes 401", async () => {
    const { client, readOnly } = await indexWithSdk();
    await client.index("shop").upsert(DOC);
    expect(await readOnly.index("shop").fetch({ ids: ["1"] })).toEqual([{ ...DOC, metadata: undefined }]);
    expect(await readOnly.index("shop").search({ query: "hello" })).toHaveLength(1);
    expect(await readOnly.listIndexes()).toContain("shop");
    const shop = readOnly.index("shop");
    const writes = [
      () => shop.upsert(DOC),
      () => shop.delete({ ids: ["1"] }),
      () => shop.reset(),
      () => shop.deleteIndex(),
    ];
    for (const write of writes) {
      expect((await refusal(write())).message).toBe("Unauthorized: the read-only token cannot write");
    }
    expect(await client.index("shop").fetch({ ids: ["1"] })).toHaveLength(1);
  });

  it("refuses a wrong token, no token and another index's token", async () => {
    const first = await indexWithSdk();
    const second = await indexWithSdk({}, "other", first.server);
    await second.client.index("shop").upsert(DOC);
    expect((await refusal(first.withToken("not-a-token").index("shop").search({ query: "x" }))).message).toBe(
      "Unauthorized: invalid token",
    );
    expect((await refusal(first.withToken(second.index.token).index("shop").fetch(["1"]))).message).toBe(
      "Unauthorized: invalid token",
    );
    const url = `${first.index.endpoint}/info`;
    expect(await rawCall(url, undefined, [])).toEqual({
      status: 401,
      json: { error: "Unauthorized: missing bearer token" },
    });
  });

  it("keeps indexes apart: the same index name holds different documents", async () => {
    const first = await indexWithSdk();
    const second = await indexWithSdk({}, "other", first.server);
    await first.client.index("shop").upsert({ id: "1", content: { text: "first" } });
    await second.client.index("shop").upsert({ id: "1", content: { text: "second" } });
    expect(await first.client.index("shop").fetch(["1"])).toEqual([
      { id: "1", content: { text: "first" }, metadata: undefined },
    ]);
    expect(await second.client.index("shop").search({ query: "first" })).toEqual([]);
    await first.client.index("shop").reset();
    expect(await second.client.index("shop").info()).toEqual({ documentCount: 1, pendingDocumentCount: 0 });
  });

  it("answers unknown routes, bad bodies and limits with {error}", async () => {
    const { index, client } = await indexWithSdk();
    expect(await rawCall(`${index.endpoint}/query-data`, index.token, {})).toEqual({
      status: 404,
      json: { error: "Unknown route query-data" },
    });
    expect(await rawCall(`${index.endpoint}/info`, index.token, undefined, "GET")).toMatchObject({
      status: 200,
    });
    const bad = await rawCall(`${index.endpoint}/search/shop`, index.token, { query: "x" });
    expect(bad).toEqual({
      status: 400,
      json: { error: expect.stringMatching(/^Invalid request body at topK: /) },
    });
    expect(await rawCall(`${index.endpoint}/search/shop`, index.token, undefined, "GET")).toEqual({
      status: 405,
      json: { error: "Method not allowed: use POST" },
    });
    // The Python SDK sends reset no body at all (its payload is None).
    const reset = await fetch(`${index.endpoint}/reset/shop`, {
      method: "POST",
      headers: { authorization: `Bearer ${index.token}` },
    });
    expect({ status: reset.status, json: await reset.json() }).toEqual({
      status: 200,
      json: { result: "Success" },
    });
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ id: `${i}`, content: { i } }));
    expect((await refusal(client.index("shop").upsert(tooMany))).message).toMatch(/at most 100$/);
  });

  it("answers 429 over an index's per-second query limit when the rate limits are on", async () => {
    const { server, index, client } = await indexWithSdk({ search: { rateLimits: "index" } });
    const stored = server.state.indexes.find((entry) => entry.index.id === index.id);
    if (!stored) throw new Error("the index is not in the state");
    server.indexes.put({ ...stored, index: { ...stored.index, max_query_per_second: 2 } });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await rawCall(`${index.endpoint}/info`, index.token, []));
    const limited = answers.filter((answer) => answer.status === 429);
    // Eight requests span at most two one-second windows of two requests each.
    expect(limited.length).toBeGreaterThanOrEqual(4);
    expect(limited[0]?.json).toEqual({ error: expect.stringMatching(/too many requests/) });
    // Writes have their own window.
    expect(await client.index("shop").upsert(DOC)).toBe("Success");
  });
});
