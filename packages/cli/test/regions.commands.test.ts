import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, cleanEnv, emulatorFor, runCli, secrets } from "./cli.ts";

const s = secrets();
let emulator: RunningEmulator;
const runs: CliRun[] = [];

beforeAll(async () => {
  emulator = await emulatorFor(s, { regions: ["EU_CENTRAL_1", "US_EAST_1"] });
});
afterAll(async () => {
  await emulator.stop();
  removeTemporaryFolders();
});

type Region = "EU_CENTRAL_1" | "US_EAST_1";

/** The official SDK's multi-region variables, as the emulator prints them; no QSTASH_TOKEN. */
function regionEnv(change: Record<string, string> = {}): Record<string, string> {
  const env = emulator.qstashEnv();
  const regional = Object.entries(env).filter(([name]) => /^(QSTASH_REGION|(EU|US)_)/.test(name));
  return cleanEnv({ ...Object.fromEntries(regional), ...change });
}

async function cli(args: string[], env = regionEnv()): Promise<CliRun> {
  const run = await runCli(args, env);
  runs.push(run);
  return run;
}

async function api(region: Region, method: string, path: string, body?: unknown) {
  const env = emulator.qstashEnv();
  const answer = await fetch(`${env[`${region}_QSTASH_URL`]}${path}`, {
    method,
    headers: { authorization: `Bearer ${env[`${region}_QSTASH_TOKEN`]}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

function pausedIn(region: Region, name: string): boolean | undefined {
  const state = region === "EU_CENTRAL_1" ? emulator.state : emulator.state.regions?.US_EAST_1;
  return state?.queues?.[name]?.paused;
}

describe("stashkit across QStash's two regions (the SDK's multi-region variables)", () => {
  it("queues pause and resume act on both regions in one step and report per region; --only-if-paused-by resumes each in its own", async () => {
    emulator.reset();
    await api("EU_CENTRAL_1", "POST", "/v2/queues", { queueName: "orders" });
    await api("US_EAST_1", "POST", "/v2/queues", { queueName: "orders", paused: true });
    await api("US_EAST_1", "POST", "/v2/queues", { queueName: "emails" });

    const paused = await cli(["queues", "pause", "orders,emails", "--format", "json"]);
    expect(paused.code, paused.stderr).toBe(0);
    const report = JSON.parse(paused.stdout);
    expect(report.paused).toEqual([
      { kind: "queue", name: "orders", region: "EU_CENTRAL_1" },
      { kind: "queue", name: "emails", region: "US_EAST_1" },
    ]);
    expect(report.targets).toContainEqual({
      region: "US_EAST_1",
      kind: "queue",
      name: "orders",
      outcome: "alreadyPaused",
      lag: 0,
    });
    const text = await cli(["queues", "pause", "orders"]);
    expect(text.stdout).toContain("queue orders in US_EAST_1: already paused; left alone");
    expect(text.stdout).toContain("EU_CENTRAL_1: 0 paused of 1\nUS_EAST_1: 0 paused of 1");

    const resumed = await cli(["queues", "resume", "--only-if-paused-by", JSON.stringify(report.paused)]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect([pausedIn("EU_CENTRAL_1", "orders"), pausedIn("US_EAST_1", "emails")]).toEqual([false, false]);
    expect(pausedIn("US_EAST_1", "orders")).toBe(true);
  });

  it("queues list and dlq list show both regions with a region column, and --region picks one", async () => {
    emulator.reset();
    await api("EU_CENTRAL_1", "POST", "/v2/queues", { queueName: "eu-orders", parallelism: 1 });
    await api("US_EAST_1", "POST", "/v2/queues", { queueName: "us-orders", parallelism: 2 });

    const all = await cli(["queues", "list"]);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toBe(
      "EU_CENTRAL_1  eu-orders  parallelism 1  active  lag 0\nUS_EAST_1     us-orders  parallelism 2  active  lag 0\n2 queues.\n",
    );
    const us = JSON.parse(
      (await cli(["queues", "list", "--region", "US_EAST_1", "--format", "json"])).stdout,
    );
    expect(us).toEqual({
      queues: [{ region: "US_EAST_1", name: "us-orders", parallelism: 2, paused: false, lag: 0 }],
    });

    // A delivery that cannot be made, no retries: it lands in the US region's DLQ only.
    const env = emulator.qstashEnv();
    await fetch(`${env["US_EAST_1_QSTASH_URL"]}/v2/publish/http://127.0.0.1:9/gone`, {
      method: "POST",
      headers: { authorization: `Bearer ${env["US_EAST_1_QSTASH_TOKEN"]}`, "upstash-retries": "0" },
      body: "x",
    });
    const deadline = Date.now() + 60_000;
    while ((emulator.state.regions?.US_EAST_1?.dlq?.length ?? 0) === 0 && Date.now() < deadline)
      await new Promise((wake) => setTimeout(wake, 50));
    const dlqAll = await cli(["dlq", "list", "--format", "json"]);
    expect(dlqAll.code, dlqAll.stderr).toBe(0);
    expect(
      JSON.parse(dlqAll.stdout).messages.map((m: { region: string; url: string }) => [m.region, m.url]),
    ).toEqual([["US_EAST_1", "http://127.0.0.1:9/gone"]]);
    expect((await cli(["dlq", "list"])).stdout).toMatch(/^US_EAST_1 {5}\S+ {2}http:\/\/127\.0\.0\.1:9\/gone/);
    const dlq = await cli(["dlq", "list", "--region", "EU_CENTRAL_1", "--format", "json"]);
    expect(dlq.code, dlq.stderr).toBe(0);
    expect(JSON.parse(dlq.stdout)).toEqual({ messages: [], truncated: false });
    const bad = await cli(["queues", "list", "--region", "AP_SOUTH_1"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--region must be EU_CENTRAL_1 or US_EAST_1, got "AP_SOUTH_1"');
  });

  it("a token of the other region stops a pause before any write, naming both regions", async () => {
    emulator.reset();
    await api("EU_CENTRAL_1", "POST", "/v2/queues", { queueName: "orders" });
    await api("US_EAST_1", "POST", "/v2/queues", { queueName: "orders" });
    const euToken = emulator.qstashEnv()["EU_CENTRAL_1_QSTASH_TOKEN"] ?? "";
    const run = await cli(["queues", "pause", "orders"], regionEnv({ US_EAST_1_QSTASH_TOKEN: euToken }));
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      "US_EAST_1_QSTASH_TOKEN is a token of region EU_CENTRAL_1, but US_EAST_1_QSTASH_URL",
    );
    expect([pausedIn("EU_CENTRAL_1", "orders"), pausedIn("US_EAST_1", "orders")]).toEqual([false, false]);
  });

  it("qstash plan and apply act on each region, --region on one; a second apply changes nothing", async () => {
    emulator.reset();
    const config = join(temporaryFolder("stashkit-regions-"), "stashkit.qstash.yaml");
    writeFileSync(
      config,
      'version: 1\nenvironments:\n  production:\n    prefix: ""\nqueues:\n  - name: orders\n    parallelism: 2\n',
    );
    const declared = ["--config", config, "--env", "production"];
    const plan = await cli(["qstash", "plan", ...declared, "--format", "json"]);
    expect(plan.code, plan.stderr).toBe(0);
    const planned = JSON.parse(plan.stdout) as { regions: { region: string; changes: { name: string }[] }[] };
    expect(planned.regions.map((r) => [r.region, r.changes.map((c) => c.name)])).toEqual([
      ["EU_CENTRAL_1", ["orders"]],
      ["US_EAST_1", ["orders"]],
    ]);

    const us = await cli(["qstash", "apply", ...declared, "--region", "US_EAST_1"]);
    expect(us.code, us.stderr).toBe(0);
    expect(us.stdout).toContain("US_EAST_1:\n");
    expect(us.stdout).not.toContain("EU_CENTRAL_1");
    expect(emulator.state.regions?.US_EAST_1?.queues?.["orders"]?.parallelism).toBe(2);
    expect(emulator.state.queues["orders"]).toBeUndefined();

    const pending = await cli(["qstash", "plan", ...declared, "--detailed-exitcode"]);
    expect(pending.code).toBe(3);
    expect(pending.stdout).toMatch(/EU_CENTRAL_1:\n(.|\n)*orders(.|\n)*US_EAST_1:\n/);

    const both = await cli(["qstash", "apply", ...declared]);
    expect(both.code, both.stderr).toBe(0);
    expect(emulator.state.queues["orders"]?.parallelism).toBe(2);
    const again = await cli(["qstash", "plan", ...declared, "--detailed-exitcode"]);
    expect(again.code, again.stdout).toBe(0);
  });

  it("qstash migrate: a dry run, the copy, a second run that changes nothing, the source paused only with --pause-source", async () => {
    emulator.reset();
    await api("EU_CENTRAL_1", "POST", "/v2/queues", { queueName: "orders", parallelism: 3 });
    const env = emulator.qstashEnv();
    const created = await fetch(
      `${env["EU_CENTRAL_1_QSTASH_URL"]}/v2/schedules/https://app.example/nightly`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${env["EU_CENTRAL_1_QSTASH_TOKEN"]}`,
          "upstash-cron": "0 3 * * *",
          "upstash-schedule-id": "nightly",
        },
      },
    );
    expect(created.status).toBe(200);
    const migrate = ["qstash", "migrate", "--from", "EU_CENTRAL_1", "--to", "US_EAST_1"];

    const dry = await cli([...migrate, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("dry run: nothing was sent (2 changes to copy)");
    expect(dry.stdout).toContain("stays in EU_CENTRAL_1 (cannot move): 0 messages waiting, 0 DLQ entries");
    expect(emulator.state.regions?.US_EAST_1?.queues).toEqual({});

    const copied = await cli(migrate);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain("copied 2 changes to US_EAST_1");
    expect(emulator.state.regions?.US_EAST_1?.queues?.["orders"]?.parallelism).toBe(3);
    expect(Object.keys(emulator.state.regions?.US_EAST_1?.schedules ?? {})).toEqual(["nightly"]);
    expect(emulator.state.schedules["nightly"]?.isPaused).toBe(false);

    const again = await cli([...migrate, "--pause-source", "--format", "json"]);
    expect(again.code, again.stderr).toBe(0);
    const report = JSON.parse(again.stdout);
    expect(report.changes).toEqual([]);
    expect(report.pausedInSource).toEqual([{ name: "nightly", outcome: "paused" }]);
    expect(emulator.state.schedules["nightly"]?.isPaused).toBe(true);

    const same = await cli(["qstash", "migrate", "--from", "US_EAST_1", "--to", "US_EAST_1"]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain("--from and --to are both US_EAST_1");
  });

  it("qstash migrate --drain: names a paused source queue that will never empty and fails; once it is resumed, waits until it is empty", async () => {
    emulator.reset();
    const delivered: string[] = [];
    const sink = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        delivered.push(req.url ?? "");
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    try {
      const destination = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/mail`;
      await api("EU_CENTRAL_1", "POST", "/v2/queues", { queueName: "mail", paused: true });
      for (let n = 0; n < 3; n++)
        await api("EU_CENTRAL_1", "POST", `/v2/enqueue/mail/${destination}`, `m${n}`);
      const migrate = ["qstash", "migrate", "--from", "EU_CENTRAL_1", "--to", "US_EAST_1", "--drain"];

      const stuck = await cli(migrate);
      expect(stuck.code).toBe(1);
      expect(stuck.stdout).toContain("EU_CENTRAL_1's queues still hold 3 messages: mail 3 (paused)");
      expect(stuck.stdout).toContain("a paused queue never empties: resume mail in EU_CENTRAL_1");
      expect(stuck.stderr).toContain("EU_CENTRAL_1's queues still hold 3 messages");
      expect(delivered).toEqual([]);

      await api("EU_CENTRAL_1", "POST", "/v2/queues/mail/resume");
      const drained = await cli([...migrate, "--format", "json"]);
      expect(drained.code, drained.stderr).toBe(0);
      expect(JSON.parse(drained.stdout).drained).toEqual({ drained: true, waiting: 0, queues: [] });
      expect(delivered).toEqual(["/mail", "/mail", "/mail"]);
    } finally {
      sink.close();
    }
  });

  it("leaks no region's token in any output", () => {
    const tokens = Object.entries(emulator.qstashEnv()).flatMap(([name, value]) =>
      name.endsWith("_TOKEN") ? [value] : [],
    );
    for (const run of runs) for (const token of tokens) expect(run.stdout + run.stderr).not.toContain(token);
  });
});
