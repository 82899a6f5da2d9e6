import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, type CliRun, credentialForms, emulatorFor, runCli, secrets } from "./cli.ts";
import { accountEnv, freePort, OLD_STEPS, runsInFlight, startApp } from "./workflow-apps.ts";

afterAll(() => removeTemporaryFolders());

const s = secrets();
let emulator: RunningEmulator;
let flight: Awaited<ReturnType<typeof runsInFlight>>;
let ranFile: string;

beforeAll(async () => {
  emulator = await emulatorFor(s);
  flight = await runsInFlight(emulator, s);
  ranFile = join(temporaryFolder("stashkit-check-deploy-"), "ran.txt");
}, 120_000);
afterAll(() => emulator.stop());

/** The output may hold no form of the token, nor a signing key. */
function expectNoSecrets(run: CliRun): void {
  for (const secret of [...credentialForms(s), emulator.signingKeys.current, emulator.signingKeys.next]) {
    expect(run.stdout + run.stderr).not.toContain(secret);
  }
}

/** The new build from `steps`, wired to the stand-in's port with the account's keys; then the check. */
async function checkDeploy(steps: string, ...extra: string[]): Promise<CliRun> {
  const port = await freePort();
  const build = await startApp(steps, {
    ...accountEnv(emulator, s),
    QSTASH_URL: `http://127.0.0.1:${port}`,
    RAN_FILE: ranFile,
  });
  const args = ["workflow", "check-deploy", "--url", flight.url, "--app-url", build.url];
  const run = await runCli([...args, "--stand-in-port", String(port), ...extra], apiEnv(emulator, s));
  await build.stop();
  expectNoSecrets(run);
  return run;
}

const ran = () => {
  try {
    return readFileSync(ranFile, "utf8");
  } catch {
    return "";
  }
};

describe("stashkit workflow check-deploy", () => {
  it("passes a build with a step added at the end, exit 0, and says where each run waits", async () => {
    const run = await checkDeploy(`${OLD_STEPS},run:thank`);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split("\n")).toEqual([
      `2 runs in flight at ${flight.url}, replayed against ${run.args[5]}:`,
      `${flight.sleeping}  1 step recorded, waits at cool-off (SleepFor)  accepted`,
      `${flight.waiting}  3 steps recorded, waits at approval (Wait)  accepted`,
      "0 of 2 would fail after this deploy.",
    ]);
    expect(run.stderr).toContain(`replaying run 2 of 2 (${flight.waiting})`);
  });

  it("fails a renamed step with exit 1, old and new side by side, in text, JSON and markdown", async () => {
    const renamed = OLD_STEPS.replace("run:charge", "run:charge-card");
    const text = await checkDeploy(renamed);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      `${flight.waiting}  3 steps recorded, waits at approval (Wait)  would fail at step 3: renamed\n  old: charge (Run)\n  new: charge-card (Run)\n`,
    );
    expect(text.stderr).toMatch(
      /error: stashkit workflow check-deploy: 1 of 2 runs in flight would fail after this deploy\n$/,
    );
    const json = JSON.parse((await checkDeploy(renamed, "--format", "json")).stdout) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({ checked: 2, failing: 1, unchecked: 0, truncated: false });
    expect(json["runs"]).toContainEqual({
      workflowRunId: flight.waiting,
      createdAt: expect.any(Number),
      recordedSteps: 3,
      pending: { name: "approval", type: "Wait" },
      verdict: "diverged",
      change: "renamed",
      position: 3,
      old: { name: "charge", type: "Run" },
      new: { name: "charge-card", type: "Run" },
      nextStep: null,
      reason: null,
    });
    const markdown = await checkDeploy(renamed, "--format", "markdown");
    expect(markdown.stdout).toContain("### Workflow runs in flight against the new build\n");
    expect(markdown.stdout).toContain("| Run | Steps recorded | Waits at | Verdict | Step | Old | New |\n");
    expect(markdown.stdout).toContain(
      `| ${flight.waiting.replaceAll("_", "\\_")} | 3 | approval \\(Wait\\) | renamed | 3 | charge \\(Run\\) | charge-card \\(Run\\) |\n`,
    );
  });

  it("names a reordered, a removed and a retyped step, and runs no step of the new build", async () => {
    const reordered = await checkDeploy("run:reserve,run:charge,sleep:cool-off,wait:approval,run:ship");
    expect(reordered.code).toBe(1);
    expect(reordered.stdout).toContain(
      `${flight.sleeping}  1 step recorded, waits at cool-off (SleepFor)  would fail at step 2: reordered\n  old: cool-off (SleepFor)\n  new: charge (Run)\n`,
    );
    const removed = await checkDeploy(OLD_STEPS.replace("run:charge,", ""));
    expect(removed.stdout).toContain(
      "would fail at step 3: removed\n  old: charge (Run)\n  new: approval (Wait)\n",
    );
    const retyped = await checkDeploy(OLD_STEPS.replace("run:charge", "sleep:charge"));
    expect(retyped.stdout).toContain(
      "would fail at step 3: changed-kind\n  old: charge (Run)\n  new: charge (SleepFor)\n",
    );
    expect(ran()).toBe("");
    expect(
      emulator.workflows
        .list({ state: "RUN_STARTED" })
        .map((r) => r.workflowRunId)
        .sort(),
    ).toEqual([flight.sleeping, flight.waiting].sort());
  });

  it("escapes a step name that would start a runner command", async () => {
    const hostile = await checkDeploy(OLD_STEPS.replace("run:charge", "run:charge\n::error::pwned"));
    expect(hostile.stdout).toContain("  new: charge\\n::error::pwned (Run)\n");
    expect(hostile.stdout).not.toMatch(/^::error::/m);
  });

  it("refuses a build wired to the account and bad flags, before any history goes out", async () => {
    const port = await freePort();
    const unwired = await startApp(OLD_STEPS, { ...accountEnv(emulator, s), RAN_FILE: ranFile });
    const refused = await runCli(
      [
        "workflow",
        "check-deploy",
        "--url",
        flight.url,
        "--app-url",
        unwired.url,
        "--stand-in-port",
        String(port),
      ],
      apiEnv(emulator, s),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error: stashkit workflow check-deploy: the new build did not fetch the run's steps from the stand-in: start it with QSTASH_URL=http://127.0.0.1:${port}`,
    );
    const before = emulator.requests.length;
    for (const [flags, message] of [
      [["--app-url", "http://127.0.0.1:1"], "--url is required and must not be empty"],
      [
        ["--url", "x", "--app-url", "http://127.0.0.1:1", "--stand-in-port", "0"],
        "--stand-in-port must be a whole number from 1 to 65535",
      ],
      [["--url", "ftp://x", "--app-url", "http://127.0.0.1:1"], "--url must be an http(s) URL"],
      [
        ["--url", "http://x", "--app-url", "http://127.0.0.1:1", "--format", "dotenv"],
        "--format must be one of text, json, markdown",
      ],
    ] as const) {
      const bad = await runCli(["workflow", "check-deploy", ...flags], apiEnv(emulator, s));
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(message);
    }
    expect(emulator.requests.length).toBe(before);
    expect(ran()).toBe("");
  });

  it("says there is nothing to check at a URL with no run in flight", async () => {
    const run = await runCli(
      [
        "workflow",
        "check-deploy",
        "--url",
        "https://app.example.com/none",
        "--app-url",
        "http://127.0.0.1:1/x",
      ],
      apiEnv(emulator, s),
    );
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toBe(
      "No run in flight at https://app.example.com/none: nothing to check.\nNothing in flight can break.\n",
    );
  });
});
