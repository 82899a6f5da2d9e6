import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, SnapshotError } from "../src/index.ts";
import { stateInDataFile } from "./data-file-state.ts";
import { control, emulator } from "./helpers.ts";
import { fillEveryKindOfState } from "./state-helpers.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), "stashkit-snapshot-"));
  folders.push(made);
  return made;
}

const FIXTURES = join(import.meta.dirname, "fixtures");

describe("snapshots", () => {
  it("an export imported into a new emulator round-trips every kind of state", async () => {
    const original = await emulator();
    await fillEveryKindOfState(original);
    const exported = await control(original).get("/export");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="stashkit-snapshot-/);
    const snapshot = exported.json as { format: string; version: number; state: Record<string, unknown> };
    expect(snapshot).toMatchObject({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION });
    const file = join(await folder(), "snapshot.json");
    await writeFile(file, exported.text);

    const restored = await emulator({ importFile: file });

    expect(restored.exportSnapshot().state).toEqual(snapshot.state);
    const state = snapshot.state as Record<string, Record<string, unknown> | unknown[]>;
    expect(Object.keys(state["queues"] as object)).toEqual(["orders"]);
    expect(state["dlq"]).toHaveLength(1);
    expect(Object.keys(state["schedules"] as object)).toHaveLength(1);
    expect(Object.keys(state["flowControl"] as object)).toEqual(["tenant-1"]);
    expect(Object.keys(state["deduplication"] as object)).toHaveLength(1);
    expect(state["indexes"]).toHaveLength(1);
    expect(JSON.stringify(state["searchDocuments"])).toContain("red running shoes");
  });

  it("with a data file too, the snapshot replaces what the file held and is written to it at once", async () => {
    const dir = await folder();
    const dataFile = join(dir, "state.db");
    const before = await emulator({ dataFile });
    await fetch(`${before.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${before.messagingToken}`, "content-type": "application/json" },
      body: JSON.stringify({ queueName: "replaced" }),
    });
    await before.stop();

    const restored = await emulator({ dataFile, importFile: join(FIXTURES, "snapshot-v1.json") });

    expect(Object.keys(restored.state.queues)).toEqual(["orders"]);
    await restored.stop();
    expect(Object.keys((await stateInDataFile(dataFile)).queues)).toEqual(["orders"]);
  });

  it("writes a snapshot, readable by its owner only, when the emulator stops", async () => {
    const file = join(await folder(), "on-exit.json");
    const running = await emulator({ exportOnExit: file });
    await fillEveryKindOfState(running);
    const before = running.exportSnapshot().state;
    await running.stop();

    const written = JSON.parse(await readFile(file, "utf8")) as { version: number; state: unknown };
    expect(written.version).toBe(SNAPSHOT_VERSION);
    expect(written.state).toEqual(before);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("loads a version 1 snapshot written by an earlier emulator", async () => {
    const restored = await emulator({ importFile: join(FIXTURES, "snapshot-v1.json") });
    expect(restored.state.queues["orders"]).toMatchObject({ paused: true, parallelism: 2 });
    expect(restored.state.queues["orders"]?.messages[0]?.maxRetries).toBe(3);
    expect(restored.state.indexes[0]?.index.name).toBe("products");
    expect(restored.state.schedules["scd_fixture"]?.isPaused).toBe(false);
  });

  it("loads a bare data file from before snapshots (version 0), upgrading its old messages", async () => {
    const restored = await emulator({ importFile: join(FIXTURES, "data-file-v0.json") });
    const [message] = restored.state.queues["legacy"]?.messages ?? [];
    expect(message).toMatchObject({ id: "msg_legacy", method: "POST", queueName: "legacy" });
  });

  it("refuses a snapshot from a newer emulator, naming the file and the version", async () => {
    const file = join(await folder(), "future.json");
    await writeFile(file, JSON.stringify({ format: SNAPSHOT_FORMAT, version: 99, state: {} }));
    const started = emulator({ importFile: file });
    await expect(started).rejects.toBeInstanceOf(SnapshotError);
    await expect(started).rejects.toThrow(
      `snapshot "${file}" was written by a newer emulator (format version 99)`,
    );
  });

  it("refuses a snapshot whose state is not emulator state, naming the first problem", async () => {
    const file = join(await folder(), "broken.json");
    await writeFile(file, JSON.stringify({ format: SNAPSHOT_FORMAT, version: 1, state: { queues: [] } }));
    await expect(emulator({ importFile: file })).rejects.toThrow(
      /^snapshot ".*broken\.json" does not hold emulator state: queues: /,
    );
  });
});
