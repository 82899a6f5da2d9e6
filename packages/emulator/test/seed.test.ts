import { describe, expect, it } from "vitest";
import { basic, control, emulator, management, searchIndexSchema } from "./helpers.ts";

describe("seeding search indexes through the control API", () => {
  it("creates 20,000 indexes in one request, all listed by GET /v2/search", async () => {
    const server = await emulator();
    const seeded = await control(server).post("/seed/search-indexes", { count: 20_000, namePrefix: "load" });
    expect(seeded.status).toBe(200);
    expect(seeded.json).toEqual({ created: 20_000 });

    const listed = await management(server).list();
    expect(listed.status).toBe(200);
    const indexes = listed.json as { id: string; name: string; customer_id: string }[];
    expect(indexes).toHaveLength(20_000);
    expect(new Set(indexes.map((i) => i.id)).size).toBe(20_000);
    expect(indexes[0]?.name).toBe("load-0");
    expect(indexes[19_999]?.name).toBe("load-19999");
    expect(indexes.every((i) => i.customer_id === server.account.email)).toBe(true);
    expect(searchIndexSchema.safeParse(indexes[12_345]).success).toBe(true);
    // One request seeded them all: the log holds only the listing.
    expect(server.requestCounts().total).toBe(1);
  }, 60_000); // a limit for a busy machine, not a speed claim: speed belongs to the benchmark

  it("seeds for another configured account, with its region and type, apart from the first account", async () => {
    const alice = { email: "alice@example.com", apiKey: "alice-key" };
    const bob = { email: "bob@example.com", apiKey: "bob-key" };
    const server = await emulator({ accounts: [alice, bob] });
    const seeded = server.seedSearchIndexes({
      count: 3,
      account: bob.email,
      region: "us-central1",
      type: "payg",
    });
    expect(seeded).toEqual({ created: 3 });

    const asBob = searchIndexSchema
      .array()
      .parse((await management(server, basic(bob.email, bob.apiKey)).list()).json);
    expect(asBob.map((i) => i.name)).toEqual(["seed-0", "seed-1", "seed-2"]);
    expect(asBob.every((i) => i.region === "us-central1" && i.type === "payg")).toBe(true);
    expect((await management(server, basic(alice.email, alice.apiKey)).list()).json).toEqual([]);
  });

  it.each([
    [{}, /seed field "count" must be a whole number from 1 to 100000/],
    [{ count: 0 }, /"count"/],
    [{ count: 100_001 }, /"count"/],
    [{ count: 1.5 }, /"count"/],
    [{ count: 1, namePrefix: "" }, /"namePrefix"/],
    [{ count: 1, region: "mars-1" }, /seed field "region" must be eu-west-1 or us-central1/],
    [{ count: 1, type: "gold" }, /"type" must be free, payg, fixed/],
    [{ count: 1, account: "nobody@example.com" }, /"account" must be one of dev@stashkit.local/],
    [JSON.parse('{"count": 1, "__proto__": {"count": 5}}'), /unknown seed field "__proto__"/],
  ])("refuses %j with 400 naming the field, and seeds nothing", async (body, message) => {
    const server = await emulator();
    const answer = await control(server).post("/seed/search-indexes", body);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(message);
    expect(server.state.indexes).toHaveLength(0);
  });
});
