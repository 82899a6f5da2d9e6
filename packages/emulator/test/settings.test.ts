import { describe, expect, it } from "vitest";
import { control, emulator } from "./helpers.ts";

describe("PATCH /__stashkit/settings", () => {
  it("applies known settings with accepted values", async () => {
    const server = await emulator();
    const answer = await control(server).patch("/settings", {
      latencyMs: 5,
      jitterMs: 0,
      duplicateStatus: 400,
      managementErrorStyle: "text",
    });
    expect(answer.status).toBe(200);
    expect(server.settings).toMatchObject({
      latencyMs: 5,
      duplicateStatus: 400,
      managementErrorStyle: "text",
    });
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "nonsense"])(
    "refuses the key %s with 400 naming it, and changes nothing",
    async (key) => {
      const server = await emulator();
      const before = { ...server.settings };
      const answer = await control(server).patch(
        "/settings",
        JSON.parse(`{"latencyMs": 7, "${key}": {"x": 1}}`),
      );
      expect(answer.status).toBe(400);
      expect((answer.json as { error: string }).error).toContain(`unknown setting "${key}"`);
      expect((answer.json as { error: string }).error).toContain("latencyMs");
      expect(server.settings).toEqual(before);
      expect(Object.getPrototypeOf(server.settings)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>)["x"]).toBeUndefined();
    },
  );

  it.each([
    ["latencyMs", "fast", /setting "latencyMs" must be a whole number of milliseconds from 0 to 600000/],
    ["latencyMs", -1, /"latencyMs"/],
    ["jitterMs", 1.5, /"jitterMs"/],
    ["createDelayMs", null, /"createDelayMs"/],
    ["duplicateNames", "sometimes", /setting "duplicateNames" must be "allow" or "reject"/],
    ["duplicateStatus", 418, /setting "duplicateStatus" must be 400 or 409/],
    ["managementErrorStyle", { style: "text" }, /setting "managementErrorStyle" must be "text"/],
  ])("refuses %s = %j with 400 naming the setting and its accepted values", async (key, value, message) => {
    const server = await emulator();
    const before = { ...server.settings };
    const answer = await control(server).patch("/settings", { [key]: value });
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(message);
    expect(server.settings).toEqual(before);
  });

  it.each([[["latencyMs"]], ["latencyMs"], [null]])(
    "refuses a body that is not an object (%j)",
    async (body) => {
      const server = await emulator();
      expect((await control(server).patch("/settings", body)).status).toBe(400);
    },
  );
});
