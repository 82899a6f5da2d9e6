import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Search } from "@upstash/search";
import { afterEach, describe, expect, it } from "vitest";
import { SNAPSHOT_FORMAT, SnapshotError, UnknownAreaError } from "../src/index.ts";
import { control, destination, emulator } from "./helpers.ts";
import { fillEveryKindOfState, publishTo } from "./state-helpers.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The state as a snapshot holds it, without what a restore does not promise to keep the same. */
function comparable(state: Record<string, unknown>) {
  const { signingKeys: _keys, ...rest } = state;
  return rest;
}

describe("restore at run time", () => {
  it("POST /__stashkit/import puts a whole exported state back in one step", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const exported = await control(server).get("/export");
    await control(server).post("/reset", {});
    expect(server.state.queues).toEqual({});

    const imported = await control(server).post("/import", exported.json);

    expect(imported.status).toBe(200);
    expect(imported.json).toEqual({
      ok: true,
      restored: expect.arrayContaining(["messaging", "management"]),
    });
    const snapshot = exported.json as { state: Record<string, unknown> };
    expect(comparable(server.exportSnapshot().state)).toEqual(comparable(snapshot.state));
  });

  it("?area= restores one area and leaves the others as they are now", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const snapshot = server.exportSnapshot();
    await control(server).post("/reset", {});
    await fetch(`${server.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}`, "content-type": "application/json" },
      body: JSON.stringify({ queueName: "made-after" }),
    });

    const imported = await control(server).post("/import?area=management", snapshot);

    expect(imported.json).toEqual({ ok: true, restored: ["management"] });
    expect(server.state.indexes.map((entry) => entry.index.name)).toEqual(["products"]);
    expect(Object.keys(server.state.queues)).toEqual(["made-after"]);
  });

  it("emulator.restore takes a snapshot or its file; the indexes' tokens work again through the SDK", async () => {
    const server = await emulator({ searchIndexes: ["shop"] });
    const env = server.searchEnv("shop");
    const search = new Search({ url: env.UPSTASH_SEARCH_REST_URL, token: env.UPSTASH_SEARCH_REST_TOKEN });
    await search.index("movies").upsert({ id: "m1", content: { title: "Heat" } });
    const snapshot = server.exportSnapshot();
    const folder = mkdtempSync(join(tmpdir(), "stashkit-restore-"));
    folders.push(folder);
    const file = join(folder, "snapshot.json");
    writeFileSync(file, JSON.stringify(snapshot));

    for (const source of [snapshot, file]) {
      server.reset();
      expect(server.state.indexes).toEqual([]);
      expect(server.restore(source)).toContain("search-data");
      const found = await search.index("movies").search({ query: "heat" });
      expect(found.map((document) => document.id)).toEqual(["m1"]);
    }
  });

  it("reset({ to }) empties faults and the request log and leaves the snapshot's state", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const snapshot = server.exportSnapshot();
    await publishTo(server, "/v2/queues/orders/resume");
    server.inject("GET /v2/search", { kind: "status", status: 503 });

    expect(server.reset({ to: snapshot })).toContain("messaging");

    expect(server.state.queues["orders"]?.paused).toBe(true);
    expect(server.pendingFaults()).toEqual({});
    expect(server.requests).toEqual([]);
  });

  it('POST /__stashkit/reset {"to": snapshot} is the same over HTTP, and a bad "to" is a 400', async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const snapshot = server.exportSnapshot();
    await publishTo(server, "/v2/queues/orders/resume");

    const reset = await control(server).post("/reset", { to: snapshot });

    expect(reset.json).toEqual({ ok: true, reset: expect.arrayContaining(["messaging"]) });
    expect(server.state.queues["orders"]?.paused).toBe(true);
    expect(server.requests).toEqual([]);
    const bad = await control(server).post("/reset", { to: "snapshot.json" });
    expect(bad.status).toBe(400);
    expect((bad.json as { error: string }).error).toMatch(/"to" must be a snapshot/);
    expect(server.state.queues["orders"]?.paused).toBe(true);
  });

  it("a restored message that is due is delivered, signed with the snapshot's keys", async () => {
    const source = await emulator();
    const receiver = await destination();
    const queue = await fetch(`${source.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${source.messagingToken}`, "content-type": "application/json" },
      body: JSON.stringify({ queueName: "later" }),
    });
    expect(queue.status).toBe(200);
    await publishTo(source, "/v2/queues/later/pause");
    await publishTo(source, `/v2/enqueue/later/${receiver.url}`, {}, "from the snapshot");
    const snapshot = source.exportSnapshot();
    const state = snapshot.state as { queues: Record<string, { paused: boolean }> };
    (state.queues["later"] as { paused: boolean }).paused = false;

    const target = await emulator();
    target.restore(snapshot);

    await expect.poll(() => receiver.received.length).toBe(1);
    expect(receiver.received[0]?.body).toBe("from the snapshot");
    expect(target.signingKeys).toEqual(source.signingKeys);
  });
});

describe("a snapshot that cannot be restored changes nothing", () => {
  const bad: [string, unknown, RegExp][] = [
    ["another format", { format: "other-tool", version: 1, state: {} }, /has format "other-tool"/],
    [
      "a newer version",
      { format: SNAPSHOT_FORMAT, version: 99, state: {} },
      /written by a newer emulator \(format version 99\)/,
    ],
    ["state of the wrong shape", { format: SNAPSHOT_FORMAT, version: 1, state: { queues: [] } }, /queues/],
  ];
  for (const [what, body, message] of bad) {
    it(`${what}: a 400 naming it over HTTP, a SnapshotError in code`, async () => {
      const server = await emulator();
      await fillEveryKindOfState(server);
      const before = server.exportSnapshot().state;

      const answer = await control(server).post("/import", body);

      expect(answer.status).toBe(400);
      expect((answer.json as { error: string }).error).toMatch(message);
      expect((answer.json as { error: string }).error).toMatch(/^snapshot "\(request body\)"/);
      expect(() => server.restore(body as Record<string, unknown>)).toThrow(SnapshotError);
      expect(() => server.reset({ to: body as Record<string, unknown> })).toThrow(message);
      expect(server.exportSnapshot().state).toEqual(before);
    });
  }

  it("an unknown area is a 400 listing the areas, and nothing is restored", async () => {
    const server = await emulator();
    const snapshot = server.exportSnapshot();
    await fillEveryKindOfState(server);
    const before = server.exportSnapshot().state;

    const answer = await control(server).post("/import?area=queues", snapshot);

    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(
      /^no store area "queues"; areas are "messaging"/,
    );
    expect(() => server.restore(snapshot, { area: "queues" })).toThrow(UnknownAreaError);
    expect(server.exportSnapshot().state).toEqual(before);
  });

  it("a body that is not JSON is a 400, and a missing file names the file", async () => {
    const server = await emulator();
    const answer = await fetch(`${server.url}/__stashkit/import`, { method: "POST", body: "not json" });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/the body must be a snapshot/);
    expect(() => server.restore("/nonexistent/snapshot.json")).toThrow(
      'snapshot "/nonexistent/snapshot.json" cannot be read (ENOENT)',
    );
  });

  it("import follows the control API's rules: with a control token, none is a 401", async () => {
    const server = await emulator({ controlToken: "import-secret" });
    const answer = await control(server).post("/import", server.exportSnapshot());
    expect(answer.status).toBe(401);
    const allowed = await fetch(`${server.url}/__stashkit/import`, {
      method: "POST",
      headers: { "x-stashkit-control-token": "import-secret" },
      body: JSON.stringify(server.exportSnapshot()),
    });
    expect(allowed.status).toBe(200);
  });
});
