// A refused restore changes nothing and stores nothing (issue 49): a snapshot is checked whole
// (every record's schema, a schedule's cron, the limits) before anything is replaced, and put in
// place as one unit of work. Before, a schedule with the cron "every minute" answered 400 but was
// stored, and the data file never started again; 10,001 waits answered 500 after the state had
// been emptied and half replaced.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SNAPSHOT_FORMAT, SnapshotError, startEmulator } from "../src/index.ts";
import { control, messaging } from "./helpers.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-refused-restore-"));
  folders.push(folder);
  return join(folder, "state.db");
}

const SCHEDULE = {
  scheduleId: "broken",
  cron: "every minute",
  destination: "http://127.0.0.1:9/cron",
  method: "POST",
  headers: {},
  body: "",
  retries: 3,
  isPaused: false,
  createdAt: 1,
  nextScheduleTime: 4102444800000,
};

function snapshotOf(state: Record<string, unknown>) {
  return { format: SNAPSHOT_FORMAT, version: 1, exportedAt: "", state };
}

function manyWaits(count: number) {
  const run = {
    url: "http://127.0.0.1:9/wf",
    createdAt: 1,
    state: "RUN_STARTED",
    initialBody: "",
    history: [],
  };
  const runs = Math.ceil(count / 100);
  return {
    workflowRuns: Object.fromEntries(
      Array.from({ length: runs }, (_, n) => [`wfr_${n}`, { ...run, runId: `wfr_${n}` }]),
    ),
    workflowWaiters: Array.from({ length: count }, (_, n) => ({
      eventId: `event-${n}`,
      runId: `wfr_${n % runs}`,
      url: run.url,
      step: {},
      headers: {},
      timeoutUrl: run.url,
      createdAt: 1,
      deadline: 4102444800000,
      timeout: "7d",
    })),
  };
}

describe("a refused restore", () => {
  it.each([
    [
      "a schedule whose cron cannot be read",
      { schedules: { broken: SCHEDULE } },
      /schedules\.broken\.cron: Upstash-Cron must have 5 fields/,
    ],
    ["10,001 waits", manyWaits(10_001), /holds 10001 waits open, more than limits\.waits allows \(10000\)/],
  ])("(%s) answers a 400 naming why, changes nothing and stores nothing", async (_case, state, why) => {
    const file = dataFile();
    const first = await startEmulator({ dataFile: file });
    expect((await messaging(first).upsert({ queueName: "kept", paused: true })).status).toBe(200);
    const before = first.exportSnapshot().state;
    const answer = await control(first).post("/import", snapshotOf(state));
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(why);
    expect(first.exportSnapshot().state).toEqual(before);
    expect(() => first.restore(snapshotOf(state))).toThrow(SnapshotError);
    await first.stop();
    // The next start on the same data file works, and finds what was there.
    const again = await startEmulator({ dataFile: file });
    try {
      expect(Object.keys(again.state.queues)).toEqual(["kept"]);
      expect(again.state.schedules).toEqual({});
      expect(again.state.workflowWaiters).toEqual([]);
    } finally {
      await again.stop();
    }
  });

  it("refuses the same snapshot at --import, naming the file, before anything is stored", async () => {
    const file = dataFile();
    const snapshot = join(folders[0] ?? tmpdir(), "broken.json");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(snapshot, JSON.stringify(snapshotOf({ schedules: { broken: SCHEDULE } })));
    await expect(startEmulator({ dataFile: file, importFile: snapshot })).rejects.toThrow(
      `snapshot "${snapshot}" does not hold emulator state: schedules.broken.cron: Upstash-Cron must have 5 fields`,
    );
    const again = await startEmulator({ dataFile: file });
    expect(again.state.schedules).toEqual({});
    await again.stop();
  });
});
