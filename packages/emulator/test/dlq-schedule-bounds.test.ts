// The DLQ and the schedules are bounded in count and in bytes (issue 49): past either bound the
// oldest go, said once in the log. 100 failed messages of 1 MB once left 133 MB in the DLQ.
import { describe, expect, it } from "vitest";
import type { EmulatorOptions } from "../src/index.ts";
import { emulator } from "./helpers.ts";
import { eventually, raw } from "./sdk/helpers.ts";

async function bounded(limits: EmulatorOptions["limits"]) {
  const notices: string[] = [];
  const server = await emulator({ limits, log: (line) => notices.push(line) });
  return { server, notices, call: raw(server) };
}

/** Publishes to a port nothing listens on, without retries: the message goes to the DLQ at once. */
async function deadLetter(server: Awaited<ReturnType<typeof bounded>>, body: string, expected: number) {
  const answer = await server.call("POST", "/v2/publish/http://127.0.0.1:9/gone", {
    headers: { "upstash-retries": "0" },
    body,
  });
  expect(answer.status).toBe(200);
  const id = (answer.json as { messageId: string }).messageId;
  await eventually(
    () => server.server.state.dlq.some((entry) => entry.message.id === id),
    `${id} dead-lettered (${expected} expected)`,
  );
  return id;
}

const DLQ_NOTICE = (count: number, bytes: number) =>
  `stashkit-emulator: the DLQ keeps the newest ${count} entries and ${bytes} bytes (limits.keptDlq, limits.keptDlqBytes); older ones are dropped from now on`;
const SCHEDULE_NOTICE = (count: number, bytes: number) =>
  `stashkit-emulator: the emulator keeps the newest ${count} schedules and ${bytes} bytes of them (limits.keptSchedules, limits.keptScheduleBytes); older ones are dropped from now on`;

describe("the DLQ", () => {
  it("keeps the newest limits.keptDlq entries, and says so once", async () => {
    const server = await bounded({ keptDlq: 2 });
    const ids = [];
    for (const n of [1, 2, 3, 4]) ids.push(await deadLetter(server, `m${n}`, n));
    expect(server.server.state.dlq.map((entry) => entry.message.id)).toEqual(ids.slice(2));
    expect(server.notices).toEqual([DLQ_NOTICE(2, 64 * 1024 * 1024)]);
  });

  it("keeps its entries within limits.keptDlqBytes, the oldest going first", async () => {
    const server = await bounded({ keptDlqBytes: 10_000 });
    const ids = [];
    for (const n of [1, 2, 3, 4]) ids.push(await deadLetter(server, `${n}`.repeat(3_000), n));
    const kept = server.server.state.dlq;
    expect(kept.map((entry) => entry.message.id)).toEqual(ids.slice(-kept.length));
    expect(kept.length).toBeLessThan(4);
    expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThanOrEqual(10_000);
    expect(server.notices).toEqual([DLQ_NOTICE(10_000, 10_000)]);
  });
});

describe("the schedules", () => {
  const create = (server: Awaited<ReturnType<typeof bounded>>, id: string, body = "tick") =>
    server.call("POST", "/v2/schedules/http://127.0.0.1:9/cron", {
      headers: { "upstash-cron": "0 0 1 1 *", "upstash-schedule-id": id },
      body,
    });

  it("keeps the newest limits.keptSchedules, and says so once", async () => {
    const server = await bounded({ keptSchedules: 2 });
    for (const id of ["s1", "s2", "s3", "s4"]) expect((await create(server, id)).status).toBe(200);
    expect(Object.keys(server.server.state.schedules)).toEqual(["s3", "s4"]);
    expect(server.notices).toEqual([SCHEDULE_NOTICE(2, 16 * 1024 * 1024)]);
  });

  it("keeps them within limits.keptScheduleBytes, the oldest going first", async () => {
    const server = await bounded({ keptScheduleBytes: 8_000 });
    for (const id of ["s1", "s2", "s3", "s4"])
      expect((await create(server, id, "x".repeat(2_000))).status).toBe(200);
    const kept = Object.keys(server.server.state.schedules);
    expect(kept.length).toBeLessThan(4);
    expect(kept).toEqual(["s1", "s2", "s3", "s4"].slice(-kept.length));
    expect(
      Buffer.byteLength(JSON.stringify(Object.values(server.server.state.schedules))),
    ).toBeLessThanOrEqual(8_000);
    expect(server.notices).toEqual([SCHEDULE_NOTICE(1_000, 8_000)]);
  });
});
