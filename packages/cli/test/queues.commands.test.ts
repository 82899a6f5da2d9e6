import type { RunningEmulator } from "@stashkit/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, type CliRun, createQueue, credentialForms, emulatorFor, runCli, secrets } from "./cli.ts";

const s = secrets();
let emulator: RunningEmulator;
const runs: CliRun[] = [];

beforeAll(async () => {
  emulator = await emulatorFor(s);
});
afterAll(() => emulator.stop());

async function queues(...args: string[]): Promise<CliRun> {
  const run = await runCli(["queues", ...args], apiEnv(emulator, s));
  runs.push(run);
  return run;
}

describe("queues create, list and delete", () => {
  it("on a fresh emulator: a pause says nothing was paused; create, list, pause and delete then work", async () => {
    const early = await queues("pause", "orders");
    expect(early.code).toBe(1);
    expect(early.stderr).toContain("not found: queue orders; nothing was paused.");
    expect(early.stderr).toContain("stashkit queues create <name> makes a queue");
    expect(early.stderr).not.toContain("the others");

    const created = await queues("create", "orders", "--parallelism", "2");
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toBe("queue orders: created (parallelism 2)\n");
    expect(emulator.state.queues["orders"]).toMatchObject({ parallelism: 2, paused: false });

    const paused = await queues("pause", "orders");
    expect(paused.code, paused.stderr).toBe(0);
    const list = await queues("list");
    expect(list.stdout).toBe("orders  parallelism 2  paused  lag 0\n1 queue.\n");
    const json = JSON.parse((await queues("list", "--format", "json")).stdout);
    expect(json).toEqual({ queues: [{ name: "orders", parallelism: 2, paused: true, lag: 0 }] });

    const dry = await queues("delete", "orders", "--dry-run");
    expect(dry.stdout).toBe("queue orders: would be deleted\n1 queue would be deleted.\n");
    expect(emulator.state.queues["orders"]).toBeDefined();
    const deleted = await queues("delete", "orders");
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe("queue orders: deleted\n1 queue deleted.\n");
    expect(emulator.state.queues["orders"]).toBeUndefined();
    const again = await queues("delete", "orders", "--format", "json");
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).queues).toEqual([{ name: "orders", existed: false, lag: null }]);
  });

  it("create is an upsert that keeps an existing queue's parallelism and pause unless --parallelism is given", async () => {
    await createQueue(emulator, s, "kept", true);
    const kept = await queues("create", "kept");
    expect(kept.stdout).toBe("queue kept: already exists (parallelism 1, paused); left as it is\n");
    const changed = await queues("create", "kept,fresh", "--parallelism", "5", "--format", "dotenv");
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toBe("STASHKIT_QUEUES=kept,fresh\nSTASHKIT_CREATED=fresh\n");
    expect(emulator.state.queues["kept"]).toMatchObject({ parallelism: 5, paused: true });
    expect(emulator.state.queues["fresh"]).toMatchObject({ parallelism: 5, paused: false });
  });

  it("says how many messages a deleted queue took with it", async () => {
    await createQueue(emulator, s, "busy", true);
    await fetch(`${emulator.url}/v2/enqueue/busy/http://127.0.0.1:9/hook`, {
      method: "POST",
      headers: { authorization: `Bearer ${s.token}` },
      body: "waiting",
    });
    const run = await queues("delete", "busy");
    expect(run.stdout).toContain("queue busy: deleted with 1 waiting message\n");
  });

  it("a pause that finds one queue of two says what the other's outcome was", async () => {
    await createQueue(emulator, s, "present");
    const run = await queues("pause", "present", "absent");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("not found: queue absent; 1 other was paused.");
    const again = await queues("pause", "present", "absent");
    expect(again.stderr).toContain("not found: queue absent; 1 already paused.");
  });

  it.each([
    ["a bad name", ["create", "bad name!"]],
    ["no name", ["delete"]],
    ["a zero --parallelism", ["create", "orders", "--parallelism", "0"]],
    ["a --parallelism that is no number", ["create", "orders", "--parallelism", "many"]],
  ])("refuses %s with exit 2, sending nothing", async (_what, args) => {
    emulator.clearRequests();
    const run = await queues(...args);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^error: /);
    expect(emulator.requests).toEqual([]);
  });

  it("never prints a credential", () => {
    for (const run of runs)
      for (const form of credentialForms(s)) expect(run.stdout + run.stderr).not.toContain(form);
  });
});
