import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../src/index.ts";
import { control, emulator } from "./helpers.ts";
import { startBin } from "./start-bin.ts";

const BOTH = ["EU_CENTRAL_1", "US_EAST_1"] as const;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A queue made in one region, over that region's URL and token. */
async function queueIn(server: RunningEmulator, region: string, name: string, parallelism = 1) {
  const env = server.qstashEnv();
  const answer = await fetch(`${env[`${region}_QSTASH_URL`]}/v2/queues`, {
    method: "POST",
    headers: { authorization: `Bearer ${env[`${region}_QSTASH_TOKEN`]}`, "content-type": "application/json" },
    body: JSON.stringify({ queueName: name, parallelism }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

async function queuesIn(server: RunningEmulator, region: string): Promise<string[]> {
  const env = server.qstashEnv();
  const answer = await fetch(`${env[`${region}_QSTASH_URL`]}/v2/queues`, {
    headers: { authorization: `Bearer ${env[`${region}_QSTASH_TOKEN`]}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { name: string }[]).map((queue) => queue.name).sort();
}

describe("the stashkit-emulator banner with --regions", () => {
  it("prints QSTASH_REGION and each region's four variables under the SDK's names, as the control API gives them", async () => {
    const started = await startBin(["--regions", "EU_CENTRAL_1,US_EAST_1"]);
    try {
      const answer = await fetch(`${started.url}/__stashkit/regions`);
      const regions = (await answer.json()) as {
        name: string;
        path: string;
        token: string;
        signingKeys: { current: string; next: string };
      }[];
      expect(regions.map((region) => region.name)).toEqual([...BOTH]);
      expect(started.banner).toContain("QSTASH_REGION=EU_CENTRAL_1 ");
      for (const region of regions) {
        const line = started.banner
          .split("\n")
          .find((each) => each.trimStart().startsWith(`${region.name} `));
        expect(line, `the line of ${region.name}`).toBe(
          `  ${region.name.padEnd(16)}${[
            `${region.name}_QSTASH_URL=${started.url}${region.path}`,
            `${region.name}_QSTASH_TOKEN=${region.token}`,
            `${region.name}_QSTASH_CURRENT_SIGNING_KEY=${region.signingKeys.current}`,
            `${region.name}_QSTASH_NEXT_SIGNING_KEY=${region.signingKeys.next}`,
          ].join(" ")}`,
        );
      }
      // Each region's values are its own.
      const [eu, us] = regions;
      expect(eu?.token).not.toBe(us?.token);
      expect(eu?.signingKeys.current).not.toBe(us?.signingKeys.current);
    } finally {
      started.process.kill("SIGTERM");
      await started.exited;
    }
  });

  it("takes the regions from STASHKIT_REGIONS (the image's way) and prints no region lines without them", async () => {
    // Only these: the test runner's own STASHKIT_* variables would stop a --from-env start.
    const fromEnv = await startBin(
      ["--from-env"],
      { PATH: process.env["PATH"] ?? "", STASHKIT_REGIONS: "US_EAST_1,EU_CENTRAL_1" },
      { inherit: false },
    );
    const plain = await startBin([]);
    try {
      expect(fromEnv.banner).toContain("QSTASH_REGION=US_EAST_1 ");
      expect(fromEnv.banner).toContain(`US_EAST_1_QSTASH_URL=${fromEnv.url}/us-east-1 `);
      expect(fromEnv.banner).toContain(`EU_CENTRAL_1_QSTASH_URL=${fromEnv.url}/eu-central-1 `);
      expect(plain.banner).not.toContain("QSTASH_REGION");
      expect(plain.banner).not.toContain("US_EAST_1");
    } finally {
      for (const started of [fromEnv, plain]) {
        started.process.kill("SIGTERM");
        await started.exited;
      }
    }
  });

  it("refuses a region it does not know, naming the accepted ones, before listening", () => {
    const bin = join(import.meta.dirname, "../dist/bin.js");
    const run = spawnSync(process.execPath, [bin, "--port", "0", "--regions", "EU_CENTRAL_1,AP_SOUTH_1"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'stashkit-emulator: --regions must be EU_CENTRAL_1 or US_EAST_1, got "AP_SOUTH_1"\n',
    );
    expect(run.stdout).not.toContain("listening");
  });
});

describe("read-only tokens with two regions", () => {
  it("each region's reads there, its write answers 403, and the other region refuses it as another region's", async () => {
    const server = await emulator({ regions: [...BOTH] });
    const [eu, us] = server.regions();
    const usUrl = server.qstashEnv()["US_EAST_1_QSTASH_URL"];
    expect(us?.readOnlyToken).toMatch(/.+/);
    expect(us?.readOnlyToken).not.toBe(eu?.readOnlyToken);
    const as = (token: string | undefined) => ({ authorization: `Bearer ${token}` });

    const read = await fetch(`${usUrl}/v2/queues`, { headers: as(us?.readOnlyToken) });
    expect(read.status).toBe(200);
    const write = await fetch(`${usUrl}/v2/queues`, {
      method: "POST",
      headers: { ...as(us?.readOnlyToken), "content-type": "application/json" },
      body: JSON.stringify({ queueName: "orders" }),
    });
    expect(write.status).toBe(403);
    const elsewhere = await fetch(`${server.url}/v2/queues`, { headers: as(us?.readOnlyToken) });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toContain("not found in this region (eu-central-1)");
    expect(await queuesIn(server, "US_EAST_1")).toEqual([]);
  });
});

describe("the control API and reset with two regions", () => {
  it("lists both regions and empties one region alone, its signing keys kept", async () => {
    const server = await emulator({ regions: [...BOTH] });
    await queueIn(server, "EU_CENTRAL_1", "eu-orders");
    await queueIn(server, "US_EAST_1", "us-orders");
    const listed = await control(server).get("/regions");
    expect(listed.status).toBe(200);
    expect(
      (listed.json as { name: string; isDefault: boolean }[]).map(({ name, isDefault }) => ({
        name,
        isDefault,
      })),
    ).toEqual([
      { name: "EU_CENTRAL_1", isDefault: true },
      { name: "US_EAST_1", isDefault: false },
    ]);
    const usKeys = server.regions()[1]?.signingKeys.current;

    const reset = await control(server).post("/reset?region=US_EAST_1", {});
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ ok: true, reset: ["regions.US_EAST_1"] });
    expect(await queuesIn(server, "US_EAST_1")).toEqual([]);
    expect(await queuesIn(server, "EU_CENTRAL_1")).toEqual(["eu-orders"]);
    expect(server.regions()[1]?.signingKeys.current).toBe(usKeys);

    // The default region (kept at the top level) empties alone too.
    await queueIn(server, "US_EAST_1", "us-again");
    expect(server.reset({ region: "EU_CENTRAL_1" })).toEqual(
      expect.arrayContaining(["messaging", "url-groups"]),
    );
    expect(await queuesIn(server, "EU_CENTRAL_1")).toEqual([]);
    expect(await queuesIn(server, "US_EAST_1")).toEqual(["us-again"]);

    const unknown = await control(server).post("/reset?region=AP_SOUTH_1", {});
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("EU_CENTRAL_1, US_EAST_1");
    const single = await emulator();
    expect(() => single.reset({ region: "US_EAST_1" })).toThrow(/start it with --regions/);
  });
});

describe("snapshots and the durable store with two regions", () => {
  it("a snapshot keeps each region's state apart; an emulator without that region refuses it and keeps its own", async () => {
    const server = await emulator({ regions: [...BOTH] });
    await queueIn(server, "EU_CENTRAL_1", "eu-orders");
    await queueIn(server, "US_EAST_1", "us-orders", 3);
    const snapshot = server.exportSnapshot();

    const other = await emulator({ regions: [...BOTH] });
    other.restore(snapshot);
    expect(await queuesIn(other, "EU_CENTRAL_1")).toEqual(["eu-orders"]);
    expect(await queuesIn(other, "US_EAST_1")).toEqual(["us-orders"]);

    const single = await emulator();
    await fetch(`${single.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${single.messagingToken}`, "content-type": "application/json" },
      body: JSON.stringify({ queueName: "mine", parallelism: 1 }),
    });
    expect(() => single.restore(snapshot)).toThrow(/region US_EAST_1, which this emulator does not run/);
    expect(Object.keys(single.state.queues)).toEqual(["mine"]);
  });

  it("a data file keeps each region's queues and signing keys across a restart, in that region", async () => {
    const folder = mkdtempSync(join(tmpdir(), "stashkit-regions-"));
    folders.push(folder);
    const dataFile = join(folder, "state.db");
    const first = await emulator({ regions: [...BOTH], dataFile });
    await queueIn(first, "EU_CENTRAL_1", "eu-orders");
    await queueIn(first, "US_EAST_1", "us-orders");
    const usKeys = first.regions()[1]?.signingKeys;
    await first.stop();

    const second = await emulator({ regions: [...BOTH], dataFile });
    expect(await queuesIn(second, "EU_CENTRAL_1")).toEqual(["eu-orders"]);
    expect(await queuesIn(second, "US_EAST_1")).toEqual(["us-orders"]);
    expect(second.regions()[1]?.signingKeys).toEqual(usKeys);
  });
});
