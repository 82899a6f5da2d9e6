import type { RunningEmulator } from "@stashkit/emulator";
import { describe, expect, it } from "vitest";
import {
  acrossRegions,
  ConfigurationError,
  MessagingClient,
  pausedTargets,
  pauseInRegions,
  type RegionalClient,
  RegionMismatchError,
  regionsFromEnv,
  resumeInRegions,
  targetsByRegion,
} from "../src/index.ts";
import { emulator } from "./helpers.ts";

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

const BOTH = ["EU_CENTRAL_1", "US_EAST_1"] as const;

/** Each configured region's client, as the actions and the CLI build them from the SDK's variables. */
function clients(env: Record<string, string>): RegionalClient[] {
  return (regionsFromEnv(env) ?? []).map(({ token, ...setting }) => ({
    setting,
    client: new MessagingClient({ token, baseUrl: setting.baseUrl, retry: { maxAttempts: 1 } }),
  }));
}

async function queue(server: RunningEmulator, region: string, name: string, paused = false) {
  const env = server.qstashEnv();
  const headers = {
    authorization: `Bearer ${env[`${region}_QSTASH_TOKEN`]}`,
    "content-type": "application/json",
  };
  const base = env[`${region}_QSTASH_URL`];
  await fetch(`${base}/v2/queues`, { method: "POST", headers, body: JSON.stringify({ queueName: name }) });
  if (paused) await fetch(`${base}/v2/queues/${name}/pause`, { method: "POST", headers });
}

function pausedIn(server: RunningEmulator, region: "EU_CENTRAL_1" | "US_EAST_1", name: string) {
  const state = region === "EU_CENTRAL_1" ? server.state : server.state.regions?.US_EAST_1;
  return state?.queues?.[name]?.paused;
}

describe("the SDK's multi-region variables", () => {
  it("reads every configured region, QSTASH_REGION's first, and refuses a half-given region or a bad name", () => {
    const env = {
      QSTASH_REGION: "US_EAST_1",
      EU_CENTRAL_1_QSTASH_URL: "http://127.0.0.1:1/eu-central-1",
      EU_CENTRAL_1_QSTASH_TOKEN: "eu-token",
      US_EAST_1_QSTASH_URL: "http://127.0.0.1:1/us-east-1",
      US_EAST_1_QSTASH_TOKEN: "us-token",
    };
    expect(regionsFromEnv(env)?.map((s) => [s.region, s.tokenVariable])).toEqual([
      ["US_EAST_1", "US_EAST_1_QSTASH_TOKEN"],
      ["EU_CENTRAL_1", "EU_CENTRAL_1_QSTASH_TOKEN"],
    ]);
    expect(regionsFromEnv(env, "EU_CENTRAL_1")?.map((s) => s.region)).toEqual(["EU_CENTRAL_1"]);
    expect(regionsFromEnv({ QSTASH_TOKEN: "t" })).toBeUndefined();
    const half = thrown(() => regionsFromEnv({ ...env, EU_CENTRAL_1_QSTASH_TOKEN: "" }));
    expect(half).toBeInstanceOf(ConfigurationError);
    expect(String(half)).toContain("EU_CENTRAL_1_QSTASH_URL is set but EU_CENTRAL_1_QSTASH_TOKEN is not");
    expect(String(thrown(() => regionsFromEnv({ ...env, QSTASH_REGION: "us-east-1" })))).toContain(
      'QSTASH_REGION must be EU_CENTRAL_1 or US_EAST_1 (the official SDK\'s names), got "us-east-1"',
    );
    const { US_EAST_1_QSTASH_URL: _u, US_EAST_1_QSTASH_TOKEN: _t, ...euOnly } = env;
    expect(String(thrown(() => regionsFromEnv(euOnly)))).toContain("QSTASH_REGION is US_EAST_1, but");
    expect(
      String(thrown(() => regionsFromEnv({ ...euOnly, QSTASH_REGION: "EU_CENTRAL_1" }, "US_EAST_1"))),
    ).toContain("region US_EAST_1 is not configured");
  });
});

describe("pause and resume across two regions", () => {
  it("pauses in both regions in one step, reports per region, and resumes exactly what it paused in each", async () => {
    const server = await emulator({ regions: [...BOTH] });
    await queue(server, "EU_CENTRAL_1", "orders");
    await queue(server, "US_EAST_1", "orders", true);
    await queue(server, "US_EAST_1", "emails");
    const regions = clients(server.qstashEnv());

    const results = await pauseInRegions(regions, { queues: ["orders", "emails"] });
    expect(results.map((r) => [r.region, r.outcomes.map((o) => `${o.name}:${o.outcome}`)])).toEqual([
      ["EU_CENTRAL_1", ["orders:paused", "emails:missing"]],
      ["US_EAST_1", ["orders:alreadyPaused", "emails:paused"]],
    ]);
    // A queue of one region only is not missing: another region has it.
    const all = acrossRegions(results);
    expect(all.some((o) => o.outcome === "missing")).toBe(false);
    const paused = pausedTargets(all);
    expect(paused).toEqual([
      { kind: "queue", name: "orders", region: "EU_CENTRAL_1" },
      { kind: "queue", name: "emails", region: "US_EAST_1" },
    ]);
    expect([pausedIn(server, "EU_CENTRAL_1", "orders"), pausedIn(server, "US_EAST_1", "emails")]).toEqual([
      true,
      true,
    ]);

    const resumed = await resumeInRegions(regions, {}, targetsByRegion(paused));
    expect(resumed.flatMap((r) => r.outcomes.map((o) => `${o.region}:${o.name}:${o.outcome}`))).toEqual([
      "EU_CENTRAL_1:orders:resumed",
      "US_EAST_1:emails:resumed",
    ]);
    // What was paused before the step stays paused.
    expect(pausedIn(server, "US_EAST_1", "orders")).toBe(true);
    expect(pausedIn(server, "EU_CENTRAL_1", "orders")).toBe(false);
  });

  it("a target in no region is missing once", async () => {
    const server = await emulator({ regions: [...BOTH] });
    const results = await pauseInRegions(clients(server.qstashEnv()), { queues: ["nowhere"] });
    expect(acrossRegions(results).map((o) => `${o.name}:${o.outcome}`)).toEqual(["nowhere:missing"]);
  });

  it("a token of the other region stops the step before any write, naming both regions", async () => {
    const server = await emulator({ regions: [...BOTH] });
    await queue(server, "EU_CENTRAL_1", "orders");
    await queue(server, "US_EAST_1", "orders");
    const env = { ...server.qstashEnv() };
    env["US_EAST_1_QSTASH_TOKEN"] = env["EU_CENTRAL_1_QSTASH_TOKEN"] ?? "";
    const refused = await pauseInRegions(clients(env), { queues: ["orders"] }).catch((error) => error);
    expect(refused).toBeInstanceOf(RegionMismatchError);
    expect(refused).toMatchObject({ urlRegion: "US_EAST_1", tokenRegion: "EU_CENTRAL_1" });
    expect(refused.message).toContain(
      "US_EAST_1_QSTASH_TOKEN is a token of region EU_CENTRAL_1, but US_EAST_1_QSTASH_URL",
    );
    expect(refused.message).toContain("is region US_EAST_1");
    // Nothing was paused, in either region (EU's token was good, and its queue was left alone).
    expect([pausedIn(server, "EU_CENTRAL_1", "orders"), pausedIn(server, "US_EAST_1", "orders")]).toEqual([
      false,
      false,
    ]);
    expect(refused.message).not.toContain(env["EU_CENTRAL_1_QSTASH_TOKEN"]);
  });
});
