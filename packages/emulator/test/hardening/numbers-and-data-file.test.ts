import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { errorSchema } from "../contract.ts";
import { stateInDataFile } from "../data-file-state.ts";
import { control, emulator, messaging } from "../helpers.ts";
import { conforms, withSdk } from "../sdk/helpers.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const huge = "9".repeat(400);

describe("numbers in message headers stay within what the data file can hold", () => {
  it.each([
    ["Upstash-Not-Before", huge, /Upstash-Not-Before/],
    ["Upstash-Not-Before", "9000000000000", /Upstash-Not-Before/],
    ["Upstash-Retries", huge, /Upstash-Retries/],
    ["Upstash-Retries", "101", /Upstash-Retries/],
    ["Upstash-Delay", huge, /Upstash-Delay/],
    ["Upstash-Delay", `${huge}d`, /Upstash-Delay/],
    ["Upstash-Timeout", huge, /Upstash-Timeout/],
  ])("answers 400 for %s: %s", async (name, value, reason) => {
    const { raw, server } = await withSdk();
    const answer = await raw("POST", "/v2/publish/http://127.0.0.1:9/x", { headers: { [name]: value } });
    expect(answer.status).toBe(400);
    expect(conforms(errorSchema, answer.json).error).toMatch(reason);
    // The value is cut short in the error, not echoed whole.
    expect(answer.text.length).toBeLessThan(400);
    expect(server.state.messages).toEqual([]);
  });

  it("still accepts the largest values in range", async () => {
    const { raw, server } = await withSdk();
    const answer = await raw("POST", "/v2/publish/http://127.0.0.1:9/x", {
      headers: { "upstash-not-before": "8640000000000", "upstash-retries": "100", "upstash-delay": "1d" },
    });
    expect(answer.status).toBe(200);
    expect(server.state.messages).toHaveLength(1);
  });
});

describe("the test clock stays within what a date holds", () => {
  const latest = "9999-12-31T23:59:59.999Z";

  it("answers 400 naming the bound for an advance past it, and moves nothing", async () => {
    const server = await emulator();
    const before = server.clock().offsetMs;
    for (const body of [{ days: 1e200 }, { ms: 1e308, days: 1e308 }, { days: 3_000_000 }]) {
      const answer = await control(server).post("/clock/advance", body);
      expect(answer.status).toBe(400);
      expect(conforms(errorSchema, answer.json).error).toMatch(
        new RegExp(`cannot move past ${latest}: at most \\d+ days from its now`),
      );
    }
    expect(server.clock().offsetMs).toBe(before);
    expect(() => server.advanceClock(1e300)).toThrow(`cannot move past ${latest}`);
    expect(server.clock().offsetMs).toBe(before);
  });

  it("moves right up to the bound, and then no further", async () => {
    const server = await emulator();
    const untilLast = Date.parse(latest) - server.clock().now - 60_000;
    server.advanceClock(untilLast);
    expect((await control(server).post("/clock/advance", { seconds: 30 })).status).toBe(200);
    const past = await control(server).post("/clock/advance", { minutes: 1 });
    expect(conforms(errorSchema, past.json).error).toMatch(/at most 0 days from its now/);
  });
});

describe("the data file stays private", () => {
  it("keeps mode 0600 through writes, and its write-ahead log the same", async () => {
    const folder = mkdtempSync(join(tmpdir(), "stashkit-mode-"));
    folders.push(folder);
    const dataFile = join(folder, "state.json");
    const server = await emulator({ dataFile });
    const api = messaging(server);
    expect((await api.upsert({ queueName: "first", parallelism: 1 })).status).toBe(200);
    expect(statSync(dataFile).mode & 0o777).toBe(0o600);
    expect((await api.upsert({ queueName: "second", parallelism: 1 })).status).toBe(200);
    expect(statSync(dataFile).mode & 0o777).toBe(0o600);
    expect(statSync(`${dataFile}-wal`).mode & 0o777).toBe(0o600);
    await server.stop();
    expect(Object.keys((await stateInDataFile(dataFile)).queues)).toEqual(["first", "second"]);
  });
});
