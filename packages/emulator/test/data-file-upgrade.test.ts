// A data file written by the previous version (data file version 1, made by the emulator as it
// was then: fixtures/data-file-v1.make.ts) opens in this one: every row checked by its table's
// schema, upgraded, and the file stamped with this version; rows this version cannot read stop
// the start with one line naming the table and the row (issue 43).
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFileError, startEmulator } from "../src/index.ts";
import { sqliteModule } from "../src/storage/sqlite/load-sqlite.ts";

const FIXTURE = join(import.meta.dirname, "fixtures/data-file-v1.db");
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the version 1 file, changed by `edit` (SQL) first when given. */
function copyOfFixture(edit?: string): string {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-upgrade-"));
  folders.push(folder);
  const file = join(folder, "state.db");
  copyFileSync(FIXTURE, file);
  if (edit !== undefined) {
    const db = new (sqliteModule().DatabaseSync)(file);
    db.exec(edit);
    db.close();
  }
  return file;
}

function versionOf(file: string): number {
  const db = new (sqliteModule().DatabaseSync)(file);
  const row = db.prepare("PRAGMA user_version").get() as { user_version: number };
  db.close();
  return Number(row.user_version);
}

async function started(file: string) {
  const notices: string[] = [];
  const server = await startEmulator({ dataFile: file, log: (line) => notices.push(line) });
  return { server, notices };
}

describe("a data file written by data file version 1", () => {
  it("opens with every record of every table, is upgraded to version 2 and says so once", async () => {
    const file = copyOfFixture();
    expect(versionOf(file)).toBe(1);
    const { server, notices } = await started(file);
    expect(notices).toEqual([
      `stashkit-emulator: data file "${file}" was written by an earlier emulator (data file version 1): upgraded to version 2`,
    ]);
    const { state } = server;
    expect(state.queues["orders"]).toMatchObject({ paused: true, parallelism: 2 });
    expect(state.queues["orders"]?.messages.map((message) => message.id)).toEqual([
      "msg_b1d7f9c110144676b67d65fef72de632",
    ]);
    expect(state.messages.map((message) => message.id)).toEqual(["msg_outside"]);
    expect(state.dlq.map((entry) => entry.dlqId)).toEqual(["1795481973200-1"]);
    expect(Object.keys(state.schedules)).toEqual(["scd_fixture"]);
    expect(state.flowControl["key-a"]).toMatchObject({ paused: true, limits: { parallelism: 2 } });
    expect(state.deduplication["id:dedup-1"]).toMatchObject({ messageId: "msg_outside" });
    expect(state.workflowRuns["wfr_fixture"]?.history.map((step) => step.messageId)).toEqual(["msg_init"]);
    expect(state.workflowWaiters.map((waiter) => waiter.eventId)).toEqual(["order-paid"]);
    expect(state.workflowEvents.map((event) => event.eventId)).toEqual(["early"]);
    expect(state.messageEvents.map((event) => event.state)).toEqual(["CREATED"]);
    expect(state.urlGroups["team"]?.endpoints).toEqual([{ name: "a", url: "http://127.0.0.1:9/a" }]);
    expect(state.indexes).toHaveLength(1);
    const [indexId] = state.indexes.map((entry) => entry.index.id);
    expect(Object.keys(state.searchDocuments[indexId ?? ""] ?? {})).toEqual([""]);
    await server.stop();
    expect(versionOf(file)).toBe(2);
    const again = await started(file);
    expect(again.notices).toEqual([]);
    expect(Object.keys(again.server.state.schedules)).toEqual(["scd_fixture"]);
    await again.server.stop();
  });

  it("drops a schedule whose cron cannot be read (a refused restore stored it), saying so, and keeps the rest", async () => {
    const file = copyOfFixture(
      `UPDATE messaging_schedules SET value = json_set(value, '$.cron', 'every minute') WHERE key = 'scd_fixture'`,
    );
    const { server, notices } = await started(file);
    expect(notices).toContain(
      `stashkit-emulator: data file "${file}": table "messaging_schedules", key "scd_fixture": dropped while upgrading the data file (an earlier emulator stored it unreadable)`,
    );
    expect(server.state.schedules).toEqual({});
    expect(server.state.queues["orders"]?.messages).toHaveLength(1);
    await server.stop();
  });
});

describe("a row this emulator cannot read", () => {
  it.each([
    [
      "a queue's parallelism of 0",
      `UPDATE messaging_queues SET value = json_set(value, '$.parallelism', 0)`,
      /has a row the emulator cannot read \(table "messaging_queues", key "orders": parallelism: Too small: expected number to be >=1\); fix it or move the file aside$/,
    ],
    [
      "a message that is not JSON",
      `UPDATE messaging_messages SET value = '{cut' WHERE key = 'msg_outside'`,
      /has a row that is not JSON \(table "messaging_messages", key "msg_outside"\); fix it or move the file aside$/,
    ],
    [
      "a schedule whose cron cannot be read, in a file of this version",
      `PRAGMA user_version = 2; UPDATE messaging_schedules SET value = json_set(value, '$.cron', 'every minute')`,
      /table "messaging_schedules", key "scd_fixture": cron: Upstash-Cron must have 5 fields/,
    ],
  ])(
    "(%s) stops the start with a DataFileError naming the table and the row",
    async (_case, edit, problem) => {
      const file = copyOfFixture(edit);
      const start = startEmulator({ dataFile: file });
      await expect(start).rejects.toBeInstanceOf(DataFileError);
      await expect(start).rejects.toThrow(problem);
    },
  );
});
