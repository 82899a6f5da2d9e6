import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stateInDataFile } from "./data-file-state.ts";
import {
  basic,
  destination,
  emulator,
  management,
  messaging,
  queueSchema,
  searchIndexSchema,
} from "./helpers.ts";
import { startBin } from "./start-bin.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

async function dataFile(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "stashkit-emulator-"));
  folders.push(folder);
  return join(folder, "state.json");
}

describe("persistence", () => {
  it("keeps nothing on disk by default", async () => {
    const first = await emulator();
    await management(first).create({ name: "a", region: "eu-west-1", type: "free" });
    const second = await emulator();
    expect((await management(second).list()).json).toEqual([]);
  });

  it("reloads indexes, queues and held messages after a restart", async () => {
    const file = await dataFile();
    const first = await emulator({ dataFile: file });
    const created = searchIndexSchema.parse(
      (await management(first).create({ name: "a", region: "eu-west-1", type: "payg" })).json,
    );
    const hook = await destination();
    await messaging(first).upsert({ queueName: "q", parallelism: 1, paused: true });
    await messaging(first).enqueue("q", hook.url, "kept across restarts");
    await first.stop();

    const second = await emulator({ dataFile: file });
    // The endpoint is the data plane's URL on this emulator, so it follows the new port.
    const moved = { ...created, endpoint: created.endpoint.replace(first.url, second.url) };
    expect(created.endpoint.startsWith(`${first.url}/search/`)).toBe(true);
    expect(searchIndexSchema.array().parse((await management(second).list()).json)).toEqual([moved]);
    expect(queueSchema.parse((await messaging(second).get("q")).json)).toMatchObject({
      paused: true,
      lag: 1,
    });
    await messaging(second).resume("q");
    await hook.waitFor(1);
    expect(hook.received[0]?.body).toBe("kept across restarts");
  });

  it("loses no acknowledged create when killed with SIGKILL in the middle of a burst", async () => {
    const file = await dataFile();
    const first = await startBin(["--data-file", file]);
    const auth = basic("dev@stashkit.local", "stashkit-emulator-api-key");
    const acknowledged: string[] = [];
    const burst = Array.from({ length: 60 }, async (_, n) => {
      try {
        const response = await fetch(`${first.url}/v2/search`, {
          method: "POST",
          headers: { authorization: auth, "content-type": "application/json" },
          body: JSON.stringify({ name: `burst-${n}`, region: "eu-west-1", type: "free" }),
        });
        if (response.status === 200) acknowledged.push(((await response.json()) as { id: string }).id);
      } catch {
        // Requests cut off by the kill were never acknowledged.
      }
    });
    // Kill once some creates have been acknowledged and others are still on their way.
    while (acknowledged.length < 5) await new Promise((resolve) => setImmediate(resolve));
    first.process.kill("SIGKILL");
    await Promise.all(burst);
    await first.exited;

    const onDisk = await stateInDataFile(file);
    const persisted = new Set(onDisk.indexes.map((e) => e.index.id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    for (const id of acknowledged) expect(persisted).toContain(id);

    const second = await startBin(["--data-file", file]);
    const listed = (await (
      await fetch(`${second.url}/v2/search`, { headers: { authorization: auth } })
    ).json()) as {
      id: string;
    }[];
    for (const id of acknowledged) expect(listed.map((i) => i.id)).toContain(id);
    second.process.kill("SIGTERM");
    await second.exited;
  });
});

describe("the stashkit-emulator command", () => {
  it("prints its URL and the credentials it accepts, which then work", async () => {
    const bin = await startBin(["--token", "my-local-token", "--account", "me@example.com:my-local-key"]);
    expect(bin.banner).toContain("QSTASH_TOKEN=my-local-token");
    expect(bin.banner).toContain("UPSTASH_EMAIL=me@example.com UPSTASH_API_KEY=my-local-key");
    // The management base URL beside its credentials: pasted, they reach this emulator, not the hosted API.
    expect(bin.banner).toContain(`STASHKIT_BASE_URL=${bin.url} UPSTASH_EMAIL=`);
    const queues = await fetch(`${bin.url}/v2/queues`, {
      headers: { authorization: "Bearer my-local-token" },
    });
    expect(queues.status).toBe(200);
    const indexes = await fetch(`${bin.url}/v2/search`, {
      headers: { authorization: basic("me@example.com", "my-local-key") },
    });
    expect(indexes.status).toBe(200);
    bin.process.kill("SIGTERM");
    expect(await bin.exited).toBe(0);
  });

  it("applies --fault and --duplicates from the command line", async () => {
    const bin = await startBin(["--fault", "GET /v2/search=503,429:retry-after=3", "--duplicates", "reject"]);
    const auth = { authorization: basic("dev@stashkit.local", "stashkit-emulator-api-key") };
    expect((await fetch(`${bin.url}/v2/search`, { headers: auth })).status).toBe(503);
    const limited = await fetch(`${bin.url}/v2/search`, { headers: auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    const settings = (await (await fetch(`${bin.url}/__stashkit/settings`)).json()) as {
      duplicateNames: string;
    };
    expect(settings.duplicateNames).toBe("reject");
    bin.process.kill("SIGTERM");
    await bin.exited;
  });

  it.each([
    [["--duplicates", "sometimes"], /--duplicates must be allow or reject/],
    [["--latency", "fast"], /--latency must be a whole number/],
    [["--fault", "GET /v2/search=teapot"], /unknown fault "teapot"/],
    [["--account", "no-colon"], /--account must look like EMAIL:API_KEY/],
    [["--nonsense"], /unknown option '--nonsense'\nUsage: stashkit-emulator/],
  ])("refuses %j with exit code 2 and a message", async (args, message) => {
    const child = spawn(process.execPath, [
      join(import.meta.dirname, "../dist/bin.js"),
      "--port",
      "0",
      ...args,
    ]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
