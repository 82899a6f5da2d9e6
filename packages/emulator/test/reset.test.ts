import { describe, expect, it } from "vitest";
import { control, emulator } from "./helpers.ts";
import { fillEveryKindOfState } from "./state-helpers.ts";

describe("reset between tests", () => {
  it("POST /__stashkit/reset empties every kind of state in one call, keeping the signing keys", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const keys = { ...server.signingKeys };

    const reset = await control(server).post("/reset", {});

    expect(reset.status).toBe(200);
    const fresh = (await emulator()).exportSnapshot().state;
    expect(reset.json).toEqual({ ok: true, reset: expect.arrayContaining(["messaging", "management"]) });
    const { signingKeys, ...rest } = server.exportSnapshot().state;
    // Every area, including ones added after this test was written, is as a new emulator's.
    expect(rest).toEqual({ ...fresh, signingKeys: undefined });
    expect(rest).toMatchObject({ queues: {}, dlq: [], indexes: [], searchDocuments: {} });
    expect(signingKeys).toEqual(keys);
    expect(server.requests).toEqual([]);
  });

  it("?area= empties one store area and leaves the others", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);

    const reset = await control(server).post("/reset?area=management", {});

    expect(reset.json).toEqual({ ok: true, reset: ["management"] });
    expect(server.state.indexes).toEqual([]);
    expect(Object.keys(server.state.queues)).toEqual(["orders"]);
    expect(server.state.dlq).toHaveLength(1);
    expect(server.requests.length).toBeGreaterThan(0);
  });

  it("the in-process call takes the same area names", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);

    expect(server.reset("messaging")).toEqual(["messaging"]);

    expect(server.state.queues).toEqual({});
    expect(server.state.dlq).toEqual([]);
    expect(server.state.indexes).toHaveLength(1);
  });

  it("an unknown area is a 400 that lists the areas, and nothing is reset", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);

    const reset = await control(server).post("/reset", { area: "queues" });

    expect(reset.status).toBe(400);
    const error = (reset.json as { error: string }).error;
    expect(error).toMatch(/^no store area "queues"; areas are "/);
    for (const area of ["messaging", "management"]) expect(error).toContain(`"${area}"`);
    expect(Object.keys(server.state.queues)).toEqual(["orders"]);
  });
});
