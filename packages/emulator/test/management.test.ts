import { describe, expect, it } from "vitest";
import { basic, emulator, management, searchIndexSchema } from "./helpers.ts";

const validBody = { name: "myapp-pr-42", region: "us-central1", type: "free" };

describe("management API: search indexes", () => {
  it("creates an index carrying all 21 documented fields with their types", async () => {
    const server = await emulator();
    const created = await management(server).create(validBody);

    expect(created.status).toBe(200);
    const index = searchIndexSchema.parse(created.json);
    expect(index).toMatchObject({
      name: "myapp-pr-42",
      region: "us-central1",
      type: "free",
      vercel_email: "",
    });
    expect(index.customer_id).toBe(server.account.email);
    expect(index.token).not.toBe(index.read_only_token);
    expect(index.endpoint).toMatch(/-us1$/);
    expect(Math.abs(index.creation_time - Date.now() / 1000)).toBeLessThan(120);
  });

  it("gives capped limits to free indexes and -1 (unlimited) daily and monthly limits to paid plans", async () => {
    const server = await emulator();
    const api = management(server);
    const free = searchIndexSchema.parse((await api.create({ ...validBody, type: "free" })).json);
    const payg = searchIndexSchema.parse((await api.create({ ...validBody, name: "p", type: "payg" })).json);
    const fixed = searchIndexSchema.parse(
      (await api.create({ ...validBody, name: "f", type: "fixed" })).json,
    );

    for (const capped of [free.max_daily_queries, free.max_daily_updates, free.max_monthly_reranks]) {
      expect(capped).toBeGreaterThan(0);
    }
    for (const paid of [payg, fixed]) {
      expect(paid.max_daily_queries).toBe(-1);
      expect(paid.max_daily_updates).toBe(-1);
      expect(paid.max_monthly_reranks).toBe(-1);
      expect(paid.max_monthly_bandwidth).toBe(-1);
    }
  });

  it("gives every index its own id, endpoint and tokens", async () => {
    const server = await emulator();
    const api = management(server);
    const indexes = await Promise.all(
      ["a", "b", "c"].map(async (name) =>
        searchIndexSchema.parse((await api.create({ ...validBody, name })).json),
      ),
    );
    const tokens = indexes.flatMap((i) => [i.token, i.read_only_token]);
    expect(new Set(indexes.map((i) => i.id)).size).toBe(3);
    expect(new Set(tokens).size).toBe(6);
  });

  it("lists, gets and deletes by id; delete answers the JSON string OK", async () => {
    const server = await emulator();
    const api = management(server);
    const index = searchIndexSchema.parse((await api.create(validBody)).json);

    const listed = await api.list();
    expect(listed.status).toBe(200);
    expect(
      searchIndexSchema
        .array()
        .parse(listed.json)
        .map((i) => i.id),
    ).toEqual([index.id]);
    expect(searchIndexSchema.parse((await api.get(index.id)).json)).toEqual(index);

    const deleted = await api.remove(index.id);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('"OK"');
    expect(deleted.json).toBe("OK");
    expect((await api.list()).json).toEqual([]);
    expect((await api.get(index.id)).status).toBe(404);
  });

  it.each([
    ["a missing name", { region: "eu-west-1", type: "free" }, /name/],
    ["an empty name", { name: " ", region: "eu-west-1", type: "free" }, /name/],
    [
      "an unknown region",
      { name: "x", region: "mars-1", type: "free" },
      /region must be one of eu-west-1, us-central1/,
    ],
    [
      "an unknown type",
      { name: "x", region: "eu-west-1", type: "gold" },
      /type must be one of free, payg, fixed/,
    ],
    ["a non-object body", ["x"], /JSON object/],
  ])("refuses %s with 400 and creates nothing", async (_case, body, message) => {
    const server = await emulator();
    const api = management(server);
    const answer = await api.create(body);
    expect(answer.status).toBe(400);
    expect(String(answer.json)).toMatch(message);
    expect((await api.list()).json).toEqual([]);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const server = await emulator();
    const response = await fetch(`${server.url}/v2/search`, {
      method: "POST",
      headers: { authorization: basic(server.account.email, server.account.apiKey) },
      body: "{name:",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatch(/not valid JSON/);
  });

  it.each([
    ["no credentials", undefined],
    ["a wrong API key", "wrong-key"],
  ])("answers 401 with %s", async (_case, key) => {
    const server = await emulator();
    const auth = key === undefined ? "" : basic(server.account.email, key);
    expect((await management(server, auth).list()).status).toBe(401);
    expect((await management(server, auth).create(validBody)).status).toBe(401);
    expect(server.state.indexes).toHaveLength(0);
  });

  it("answers 404 for an unknown id on get and delete", async () => {
    const server = await emulator();
    const api = management(server);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await api.get(unknown)).status).toBe(404);
    expect((await api.remove(unknown)).status).toBe(404);
  });

  it("keeps accounts apart: each sees, gets and deletes only its own indexes", async () => {
    const alice = { email: "alice@example.com", apiKey: "alice-key" };
    const bob = { email: "bob@example.com", apiKey: "bob-key" };
    const server = await emulator({ accounts: [alice, bob] });
    const asAlice = management(server, basic(alice.email, alice.apiKey));
    const asBob = management(server, basic(bob.email, bob.apiKey));
    const index = searchIndexSchema.parse((await asAlice.create(validBody)).json);

    expect((await asBob.list()).json).toEqual([]);
    expect((await asBob.get(index.id)).status).toBe(404);
    expect((await asBob.remove(index.id)).status).toBe(404);
    expect(searchIndexSchema.array().parse((await asAlice.list()).json)).toHaveLength(1);
  });

  describe("duplicate names (undocumented upstream, so both behaviours)", () => {
    it("allows duplicates by default", async () => {
      const server = await emulator();
      const api = management(server);
      expect((await api.create(validBody)).status).toBe(200);
      expect((await api.create(validBody)).status).toBe(200);
      expect(searchIndexSchema.array().parse((await api.list()).json)).toHaveLength(2);
    });

    it.each([409, 400] as const)(
      "rejects duplicates with %i and an 'already exists' message when asked",
      async (status) => {
        const server = await emulator({ duplicateNames: "reject", duplicateStatus: status });
        const api = management(server);
        expect((await api.create(validBody)).status).toBe(200);
        const second = await api.create(validBody);
        expect(second.status).toBe(status);
        expect(String(second.json)).toMatch(/already exists/);
        expect(searchIndexSchema.array().parse((await api.list()).json)).toHaveLength(1);
      },
    );

    it("lets concurrent creates through the widened race window even when rejecting duplicates", async () => {
      const server = await emulator({ duplicateNames: "reject", createDelayMs: 150 });
      const api = management(server);
      const answers = await Promise.all([api.create(validBody), api.create(validBody)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(server.state.indexes).toHaveLength(2);
    });
  });

  it.each([
    ["text", "search index not found"],
    ["json-string", '"search index not found"'],
    ["error-object", '{"error":"search index not found"}'],
    ["message-object", '{"message":"search index not found"}'],
  ] as const)("words errors in the %s style when configured", async (style, body) => {
    const server = await emulator({ managementErrorStyle: style });
    const answer = await management(server).get("00000000-0000-4000-8000-000000000000");
    expect(answer.status).toBe(404);
    expect(answer.text).toBe(body);
  });
});
