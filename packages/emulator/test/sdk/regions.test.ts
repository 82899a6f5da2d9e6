import { Client, Receiver } from "@upstash/qstash";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/index.ts";
import { emulator } from "../helpers.ts";
import { eventually, header, type Received, recorder } from "./helpers.ts";

// The official SDK's multi-region mode reads these from the environment (`QSTASH_REGION`, then
// `<REGION>_QSTASH_*`); each test sets them as the emulator prints them and puts them back after.
const SDK_VARIABLES = ["QSTASH_REGION", "QSTASH_URL", "QSTASH_TOKEN", "QSTASH_CURRENT_SIGNING_KEY"];
const saved = new Map<string, string | undefined>();
function useEnvironment(env: Record<string, string>, primary: string): void {
  const names = [...SDK_VARIABLES, "QSTASH_NEXT_SIGNING_KEY", ...Object.keys(env)];
  for (const name of names) if (!saved.has(name)) saved.set(name, process.env[name]);
  for (const name of names) delete process.env[name];
  // Only the regional variables: the plain ones must not be what the SDK falls back on.
  for (const [name, value] of Object.entries(env)) if (/^(EU|US)_/.test(name)) process.env[name] = value;
  process.env["QSTASH_REGION"] = primary;
}
afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  saved.clear();
});

async function twoRegions(): Promise<RunningEmulator> {
  return await emulator({ regions: ["EU_CENTRAL_1", "US_EAST_1"] });
}

/** Publishes with `new Client()` in multi-region mode, `QSTASH_REGION` naming `primary`. */
async function publishFrom(server: RunningEmulator, primary: string, url: string, body: string) {
  useEnvironment(server.qstashEnv(), primary);
  return await new Client({ retry: false }).publish({ url, body });
}

function verifyWith(receiver: Receiver, delivery: Received) {
  return receiver.verify({
    signature: header(delivery, "upstash-signature") ?? "",
    body: delivery.body,
    upstashRegion: header(delivery, "upstash-region") ?? "",
  });
}

describe("two QStash regions, through the official SDK's multi-region mode", () => {
  it("publishes to each region and signs each delivery with its region's keys, which the Receiver picks by Upstash-Region", async () => {
    const server = await twoRegions();
    const hook = await recorder();
    await publishFrom(server, "EU_CENTRAL_1", `${hook.url}/eu`, "from eu");
    await publishFrom(server, "US_EAST_1", `${hook.url}/us`, "from us");
    await eventually(() => hook.received.length === 2, "both deliveries");
    const eu = hook.received.find((r) => r.path === "/eu") as Received;
    const us = hook.received.find((r) => r.path === "/us") as Received;
    expect(header(eu, "upstash-region")).toBe("EU-CENTRAL-1");
    expect(header(us, "upstash-region")).toBe("US-EAST-1");

    // Multi-region mode: the Receiver reads every region's keys and takes the header's region's.
    const receiver = new Receiver();
    expect(await verifyWith(receiver, eu)).toBe(true);
    expect(await verifyWith(receiver, us)).toBe(true);

    // That region's keys only: the other region's pair refuses each delivery.
    const env = server.qstashEnv();
    const keysOf = (region: string) =>
      new Receiver({
        currentSigningKey: env[`${region}_QSTASH_CURRENT_SIGNING_KEY`] ?? "",
        nextSigningKey: env[`${region}_QSTASH_NEXT_SIGNING_KEY`] ?? "",
      });
    await expect(verifyWith(keysOf("US_EAST_1"), eu)).rejects.toThrow(/signature/);
    await expect(verifyWith(keysOf("EU_CENTRAL_1"), us)).rejects.toThrow(/signature/);
    expect(await verifyWith(keysOf("US_EAST_1"), us)).toBe(true);
    // A delivery that claims the other region is verified with that region's keys, and fails.
    const claimsEu = { ...us, headers: { ...us.headers, "upstash-region": "EU-CENTRAL-1" } };
    await expect(verifyWith(receiver, claimsEu)).rejects.toThrow(/signature/);
  });

  it("refuses a region's token at the other region's URL as the service does: 404, the user and this region named", async () => {
    const server = await twoRegions();
    const env = server.qstashEnv();
    const usTokenAtEu = new Client({
      baseUrl: env["EU_CENTRAL_1_QSTASH_URL"] ?? "",
      token: env["US_EAST_1_QSTASH_TOKEN"] ?? "",
      retry: false,
    });
    const refused = await usTokenAtEu
      .queue({ queueName: "orders" })
      .upsert({ parallelism: 1 })
      .catch((e) => e);
    expect(String(refused)).toMatch(
      /user \([0-9a-f-]{36}\) not found in this region \(eu-central-1\)\. Check that you are using the correct endpoint/,
    );
    const answer = await fetch(`${env["US_EAST_1_QSTASH_URL"]}/v2/queues`, {
      headers: { authorization: `Bearer ${env["EU_CENTRAL_1_QSTASH_TOKEN"]}` },
    });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: string }).error).toContain(
      "not found in this region (us-east-1)",
    );
    // A token of no region stays a 401; the default region's URL at the root refuses as its region.
    const unknown = await fetch(`${env["US_EAST_1_QSTASH_URL"]}/v2/queues`, {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(unknown.status).toBe(401);
    const atRoot = await fetch(`${server.url}/v2/queues`, {
      headers: { authorization: `Bearer ${env["US_EAST_1_QSTASH_TOKEN"]}` },
    });
    expect(atRoot.status).toBe(404);
    expect(server.state.regions?.US_EAST_1?.queues).toEqual({});
    expect(server.state.queues).toEqual({});
  });

  it("keeps each region's queues, schedules, URL groups and DLQ apart", async () => {
    const server = await twoRegions();
    const hook = await recorder(() => 500);
    useEnvironment(server.qstashEnv(), "US_EAST_1");
    const us = new Client({ retry: false });
    await us.queue({ queueName: "orders" }).upsert({ parallelism: 2 });
    await us.urlGroups.addEndpoints({ name: "fanout", endpoints: [{ url: `${hook.url}/a` }] });
    await us.schedules.create({ destination: `${hook.url}/tick`, cron: "*/5 * * * *" });
    await us.publish({ url: `${hook.url}/fails`, body: "x", retries: 0 });
    await eventually(() => server.state.regions?.US_EAST_1?.dlq?.length === 1, "the US DLQ entry");

    const eu = server.state;
    expect(eu.queues).toEqual({});
    expect(eu.urlGroups).toEqual({});
    expect(eu.schedules).toEqual({});
    expect(eu.dlq).toEqual([]);
    const usState = eu.regions?.US_EAST_1;
    expect(Object.keys(usState?.queues ?? {})).toEqual(["orders"]);
    expect(Object.keys(usState?.urlGroups ?? {})).toEqual(["fanout"]);
    expect(Object.values(usState?.schedules ?? {})).toHaveLength(1);
    useEnvironment(server.qstashEnv(), "EU_CENTRAL_1");
    expect(
      await new Client({ retry: false })
        .queue({ queueName: "orders" })
        .get()
        .catch((e) => e),
    ).toBeInstanceOf(Error);
    expect(await new Client({ retry: false }).dlq.listMessages()).toMatchObject({ messages: [] });
  });

  it("serves the default region at the root too, and leaves a single-region emulator as it was", async () => {
    const server = await twoRegions();
    const hook = await recorder();
    const root = new Client({ baseUrl: server.url, token: server.messagingToken, retry: false });
    await root.publish({ url: `${hook.url}/root`, body: "x" });
    const delivery = await eventually(() => hook.received[0], "the delivery");
    expect(header(delivery, "upstash-region")).toBe("EU-CENTRAL-1");
    // The delivery record is written once the answer is settled, after the hook has the request.
    await eventually(() => server.delivered[0], "the delivery record");
    expect(server.delivered.map((d) => d.region)).toEqual(["EU_CENTRAL_1"]);

    const single = await emulator();
    expect(single.regions()).toEqual([
      expect.objectContaining({ name: undefined, path: "", isDefault: true, token: single.messagingToken }),
    ]);
    expect(Object.keys(single.qstashEnv()).sort()).toEqual([
      "QSTASH_CURRENT_SIGNING_KEY",
      "QSTASH_NEXT_SIGNING_KEY",
      "QSTASH_TOKEN",
      "QSTASH_URL",
    ]);
    const plain = new Client({ baseUrl: single.url, token: single.messagingToken, retry: false });
    await plain.publish({ url: `${hook.url}/single`, body: "x" });
    const second = await eventually(() => hook.received[1], "the single-region delivery");
    expect(header(second, "upstash-region")).toBeUndefined();
    const record = await eventually(() => single.delivered[0], "the single-region delivery record");
    expect(record).toHaveProperty("destination");
    expect(record).not.toHaveProperty("region");
    expect(single.state.regions).toBeUndefined();
    expect(JSON.stringify(single.exportSnapshot())).not.toContain('"regions"');
  });

  it("takes the first region listed as the default: QSTASH_REGION, the root, the given token", async () => {
    const server = await emulator({ regions: ["US_EAST_1", "EU_CENTRAL_1"], messagingTokens: ["mine"] });
    expect(
      server.regions().map(({ name, path, isDefault, token }) => ({ name, path, isDefault, token })),
    ).toEqual([
      { name: "US_EAST_1", path: "/us-east-1", isDefault: true, token: "mine" },
      { name: "EU_CENTRAL_1", path: "/eu-central-1", isDefault: false, token: "mine-eu-central-1" },
    ]);
    expect(server.qstashEnv()).toMatchObject({ QSTASH_REGION: "US_EAST_1", QSTASH_TOKEN: "mine" });
    const root = await fetch(`${server.url}/v2/queues`, { headers: { authorization: "Bearer mine" } });
    expect(root.status).toBe(200);
  });
});
