import type { RunningEmulator } from "@stashkit/emulator";
import { findLeaks, runAction } from "@stashkit/testing";
import { describe, expect, it } from "vitest";
import { actionDir, emulator, errorLines, resumeDir } from "./helpers.ts";

const BOTH = ["EU_CENTRAL_1", "US_EAST_1"] as const;
type Region = (typeof BOTH)[number];

/** The SDK's multi-region variables only: no QSTASH_URL or QSTASH_TOKEN to fall back on. */
function regionEnv(server: RunningEmulator): Record<string, string> {
  const env = server.qstashEnv();
  return Object.fromEntries(Object.entries(env).filter(([name]) => /^(QSTASH_REGION|(EU|US)_)/.test(name)));
}

async function queueIn(server: RunningEmulator, region: Region, name: string, paused: boolean) {
  const env = server.qstashEnv();
  const response = await fetch(`${env[`${region}_QSTASH_URL`]}/v2/queues`, {
    method: "POST",
    headers: { authorization: `Bearer ${env[`${region}_QSTASH_TOKEN`]}`, "content-type": "application/json" },
    body: JSON.stringify({ queueName: name, parallelism: 1, paused }),
  });
  expect(response.status).toBe(200);
}

function pausedIn(server: RunningEmulator, region: Region, name: string): boolean | undefined {
  const state = region === "EU_CENTRAL_1" ? server.state : server.state.regions?.US_EAST_1;
  return state?.queues?.[name]?.paused;
}

const step = (dir: string, env: Record<string, string>, inputs: Record<string, string>, more = {}) =>
  runAction({ actionDir: dir, inputs, env: { QSTASH_TOKEN: "", QSTASH_URL: "", ...env }, ...more });

describe("pause-queue across QStash's two regions (the SDK's multi-region variables)", () => {
  it("pauses in both regions in one step, reports per region, and the post step resumes exactly what it paused in each", async () => {
    const server = await emulator({ regions: [...BOTH] });
    await queueIn(server, "EU_CENTRAL_1", "orders", false);
    await queueIn(server, "US_EAST_1", "orders", true);
    await queueIn(server, "US_EAST_1", "emails", false);
    const env = regionEnv(server);
    const inputs = { "queue-name": "orders, emails", "resume-after-job": "always" };

    const main = await step(actionDir, env, inputs);
    expect(main.exitCode, main.stdout).toBe(0);
    expect(JSON.parse(main.outputs["paused"] ?? "")).toEqual([
      { kind: "queue", name: "orders", region: "EU_CENTRAL_1" },
      { kind: "queue", name: "emails", region: "US_EAST_1" },
    ]);
    expect(JSON.parse(main.outputs["already-paused"] ?? "")).toEqual([
      { kind: "queue", name: "orders", region: "US_EAST_1" },
    ]);
    expect(main.summary).toContain("- EU_CENTRAL_1: 1 paused of 2");
    expect(main.summary).toContain("- US_EAST_1: 1 paused of 2");
    expect(main.summary).toContain(
      "| US\\_EAST\\_1 | queue | orders | already paused \\(left alone\\) | 0 |",
    );
    expect(main.stdout).toContain("queue emails in US_EAST_1: paused");
    expect([pausedIn(server, "EU_CENTRAL_1", "orders"), pausedIn(server, "US_EAST_1", "emails")]).toEqual([
      true,
      true,
    ]);

    server.clearRequests();
    const post = await step(actionDir, env, inputs, { phase: "post", reuseDir: main.dir });
    expect(post.exitCode, post.stdout).toBe(0);
    expect(pausedIn(server, "EU_CENTRAL_1", "orders")).toBe(false);
    expect(pausedIn(server, "US_EAST_1", "emails")).toBe(false);
    // What was paused before the step stays paused; nothing else was resumed.
    expect(pausedIn(server, "US_EAST_1", "orders")).toBe(true);
    expect(
      server.requests
        .filter((r) => r.method === "POST")
        .map((r) => r.path)
        .sort(),
    ).toEqual(["/eu-central-1/v2/queues/orders/resume", "/us-east-1/v2/queues/emails/resume"]);
    const tokens = Object.entries(env).flatMap(([name, value]) => (name.endsWith("_TOKEN") ? [value] : []));
    expect(findLeaks(main, tokens)).toEqual([]);
    expect(findLeaks(post, tokens)).toEqual([]);
  });

  it("fails before any write when a region's token is the other region's, naming both regions", async () => {
    const server = await emulator({ regions: [...BOTH] });
    await queueIn(server, "EU_CENTRAL_1", "orders", false);
    await queueIn(server, "US_EAST_1", "orders", false);
    const env = regionEnv(server);
    env["US_EAST_1_QSTASH_TOKEN"] = env["EU_CENTRAL_1_QSTASH_TOKEN"] ?? "";
    server.clearRequests();
    const main = await step(actionDir, env, { "queue-name": "orders", "resume-after-job": "always" });
    expect(main.exitCode).toBe(1);
    expect(errorLines(main).join("\n")).toContain(
      "US_EAST_1_QSTASH_TOKEN is a token of region EU_CENTRAL_1, but US_EAST_1_QSTASH_URL",
    );
    expect(server.requests.every((r) => r.method === "GET")).toBe(true);
    expect([pausedIn(server, "EU_CENTRAL_1", "orders"), pausedIn(server, "US_EAST_1", "orders")]).toEqual([
      false,
      false,
    ]);
    expect(findLeaks(main, [env["US_EAST_1_QSTASH_TOKEN"] ?? ""])).toEqual([]);
  });

  it("resume-queue's only-if-paused-by resumes each target in its own region only", async () => {
    const server = await emulator({ regions: [...BOTH] });
    await queueIn(server, "EU_CENTRAL_1", "orders", false);
    await queueIn(server, "US_EAST_1", "orders", true);
    const env = regionEnv(server);
    const main = await step(actionDir, env, { "queue-name": "orders" });
    expect(main.exitCode, main.stdout).toBe(0);
    const resume = await step(resumeDir, env, { "only-if-paused-by": main.outputs["paused"] ?? "" });
    expect(resume.exitCode, resume.stdout).toBe(0);
    expect(JSON.parse(resume.outputs["resumed-targets"] ?? "")).toEqual([
      { kind: "queue", name: "orders", region: "EU_CENTRAL_1" },
    ]);
    expect(pausedIn(server, "EU_CENTRAL_1", "orders")).toBe(false);
    expect(pausedIn(server, "US_EAST_1", "orders")).toBe(true);
    expect(resume.summary).toContain("| EU\\_CENTRAL\\_1 | queue | orders | resumed | false | 0 |");
  });
});
