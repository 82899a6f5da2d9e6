import type { RunningEmulator } from "@stashkit/emulator";
import { freePort } from "@stashkit/testing";
import type { WorkflowContext } from "@upstash/workflow";
import { beforeEach, describe, expect, it } from "vitest";
import { CheckDeployError, type MessagingClient } from "../src/index.ts";
import { type CheckDeployResult, checkDeploy, type RunVerdict } from "../src/internal.ts";
import { caught, emulator, messagingClient } from "./helpers.ts";
import { emulatorWiring, eventually, workflowApp } from "./workflow-app.ts";

type Step = [kind: "run" | "sleep" | "wait", name: string];

/** The deployed code: reserve, a day's cool-off, charge, a wait for approval, ship. */
const OLD: Step[] = [
  ["run", "reserve"],
  ["sleep", "cool-off"],
  ["run", "charge"],
  ["wait", "approval"],
  ["run", "ship"],
];

/** Step functions of the new build that ran: a check must run none. */
let ranInNewBuild: string[] = [];
beforeEach(() => {
  ranInNewBuild = [];
});

/** A workflow made of `steps`; `onRun` hears each step function that runs. */
function route(steps: Step[], onRun: (name: string) => void = () => {}) {
  return async (context: WorkflowContext<unknown>) => {
    for (const [kind, name] of steps) {
      if (kind === "run") await context.run(name, () => onRun(name) ?? name);
      else if (kind === "sleep") await context.sleep(name, "1d");
      else await context.waitForEvent(name, `approved-${context.workflowRunId}`, { timeout: "7d" });
    }
    return "done";
  };
}

/**
 * Two runs of the old code in flight at the same workflow URL: `waiting` got past the sleep to
 * its wait for approval (history reserve, cool-off, charge); `sleeping` sleeps at cool-off
 * (history reserve). The old code's app is then gone: its URL is what the runs were started with.
 */
async function runsInFlight(server: RunningEmulator) {
  const old = await workflowApp(emulatorWiring(server), route(OLD));
  const waiting = server.workflows.start(old.url, { body: { order: 1 } }).workflowRunId;
  await server.workflows.settle(waiting);
  const sleeping = server.workflows.start(old.url, { body: { order: 2 } }).workflowRunId;
  await eventually(() => server.workflows.summary(sleeping).stalled?.startsWith("sleeping"), "the sleep");
  await eventually(() => server.workflows.summary(waiting).stalled?.startsWith("waiting"), "the wait");
  await old.close();
  return { url: old.url, waiting, sleeping };
}

/** Starts the new build (wired to the stand-in's port, with the account's keys) and checks the runs. */
async function check(server: RunningEmulator, client: MessagingClient, url: string, steps: Step[]) {
  const port = await freePort();
  const wiring = { ...emulatorWiring(server), qstashUrl: `http://127.0.0.1:${port}` };
  const build = await workflowApp(
    wiring,
    route(steps, (name) => ranInNewBuild.push(name)),
  );
  const progress: string[] = [];
  const result = await checkDeploy(client, {
    workflowUrl: url,
    appUrl: build.url,
    standIn: { port },
    progress: (line) => progress.push(line),
  });
  await build.close();
  return { result, progress };
}

function verdictOf(result: CheckDeployResult, runId: string): RunVerdict {
  const verdict = result.runs.find((run) => run.workflowRunId === runId);
  if (verdict === undefined) throw new Error(`no verdict for ${runId}`);
  return verdict;
}

describe("checkDeploy: the runs in flight replayed against a new build, with no side effect", () => {
  it("passes a step added at the end, and names the renamed, reordered, removed and retyped step", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const { url, waiting, sleeping } = await runsInFlight(server);
    const before = server.workflows.list().map((run) => [run.workflowRunId, run.state, run.steps]);

    const added = await check(server, client, url, [...OLD, ["run", "thank"]]);
    expect(added.result).toMatchObject({ workflowUrl: url, failing: 0, truncated: false });
    expect(verdictOf(added.result, waiting)).toMatchObject({
      verdict: "accepted",
      recordedSteps: 3,
      pending: { name: "approval", type: "Wait" },
    });
    expect(verdictOf(added.result, sleeping)).toMatchObject({
      verdict: "accepted",
      recordedSteps: 1,
      pending: { name: "cool-off", type: "SleepFor" },
    });
    expect(added.progress).toEqual([
      expect.stringMatching(/^waiting for the new build at http:\/\/127\.0\.0\.1:\d+\/workflow$/),
      `replaying run 1 of 2 (${sleeping})`,
      `replaying run 2 of 2 (${waiting})`,
    ]);

    const renamed = await check(
      server,
      client,
      url,
      OLD.map(([k, n]) => [k, n === "charge" ? "charge-card" : n]),
    );
    expect(verdictOf(renamed.result, waiting)).toMatchObject({
      verdict: "diverged",
      change: "renamed",
      position: 3,
      old: { name: "charge", type: "Run" },
      new: { name: "charge-card", type: "Run" },
    });
    // The sleeping run has not reached charge: the new code's step there is all it will meet.
    expect(verdictOf(renamed.result, sleeping).verdict).toBe("accepted");

    const reordered: Step[] = [OLD[0], OLD[2], OLD[1], OLD[3], OLD[4]] as Step[];
    const swap = await check(server, client, url, reordered);
    for (const runId of [waiting, sleeping]) {
      expect(verdictOf(swap.result, runId)).toMatchObject({
        verdict: "diverged",
        change: "reordered",
        position: 2,
        old: { name: "cool-off", type: "SleepFor" },
        new: { name: "charge", type: "Run" },
      });
    }

    const removed = await check(
      server,
      client,
      url,
      OLD.filter(([, name]) => name !== "charge"),
    );
    expect(verdictOf(removed.result, waiting)).toMatchObject({
      verdict: "diverged",
      change: "removed",
      position: 3,
      old: { name: "charge", type: "Run" },
      new: { name: "approval" },
    });
    expect(removed.result.failing).toBe(1);

    const retyped = await check(
      server,
      client,
      url,
      OLD.map(([k, n]) => [n === "charge" ? "sleep" : k, n]),
    );
    expect(verdictOf(retyped.result, waiting)).toMatchObject({
      verdict: "diverged",
      change: "changed-kind",
      position: 3,
      old: { name: "charge", type: "Run" },
      new: { name: "charge", type: "SleepFor" },
    });

    // The code ends before the step the sleeping run waits at: that step is removed for it.
    const cut = await check(server, client, url, [["run", "reserve"]]);
    expect(verdictOf(cut.result, sleeping)).toMatchObject({
      verdict: "diverged",
      change: "removed",
      position: 2,
      old: { name: "cool-off", type: "SleepFor" },
      new: undefined,
    });

    // No step of any new build ran, and the account's runs are as they were.
    expect(ranInNewBuild).toEqual([]);
    expect(server.workflows.list().map((run) => [run.workflowRunId, run.state, run.steps])).toEqual(before);
  });

  it("stops before replaying when the new build would send to the account, or refuses the signature", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const { url } = await runsInFlight(server);
    const port = await freePort();
    // Wired to the account (the emulator) instead of the stand-in.
    const unwired = await workflowApp(
      emulatorWiring(server),
      route(OLD, (name) => ranInNewBuild.push(name)),
    );
    const error = await caught(() =>
      checkDeploy(client, { workflowUrl: url, appUrl: unwired.url, standIn: { port } }),
    );
    expect(error).toBeInstanceOf(CheckDeployError);
    expect(error.message).toBe(
      `the new build did not fetch the run's steps from the stand-in: start it with QSTASH_URL=http://127.0.0.1:${port} (what it sends to QStash during the check must not reach the account); nothing was replayed`,
    );
    const wrongKeys = await workflowApp(
      {
        ...emulatorWiring(server),
        qstashUrl: `http://127.0.0.1:${port}`,
        signingKeys: { current: "a", next: "b" },
      },
      route(OLD),
    );
    const refused = await caught(() =>
      checkDeploy(client, { workflowUrl: url, appUrl: wrongKeys.url, standIn: { port } }),
    );
    expect(refused.message).toMatch(
      /^the new build rejected the signature: start it with the account's signing keys/,
    );
    expect(ranInNewBuild).toEqual([]);
    expect(server.workflows.list().filter((run) => run.state !== "RUN_STARTED")).toEqual([]);
  });

  it("finds nothing to check at a URL with no run in flight, and refuses bad input before sending", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const result = await checkDeploy(client, {
      workflowUrl: "https://app.example.com/api/workflow",
      appUrl: "http://127.0.0.1:9/api/workflow",
      standIn: { port: 1 },
    });
    expect(result).toEqual({
      workflowUrl: "https://app.example.com/api/workflow",
      appUrl: "http://127.0.0.1:9/api/workflow",
      runs: [],
      truncated: false,
      failing: 0,
    });
    const before = server.requests.length;
    const bad = await caught(() =>
      checkDeploy(client, { workflowUrl: "ftp://x", appUrl: "http://127.0.0.1:1", standIn: { port: 80 } }),
    );
    expect(bad.message).toBe("--url must be an http(s) URL; got ftp: one");
    const port = await caught(() =>
      checkDeploy(client, {
        workflowUrl: "http://x",
        appUrl: "http://127.0.0.1:1",
        standIn: { port: 70_000 },
      }),
    );
    expect(port.message).toBe("--stand-in-port must be a port from 1 to 65535; got 70000");
    expect(server.requests.length).toBe(before);
  });
});
