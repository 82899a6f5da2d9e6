import type { RunningEmulator } from "@stashkit/emulator";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../src/index.ts";
import { diagnoseMessage, diagnoseRun } from "../src/internal.ts";
import { caught, emulator, messagingClient } from "./helpers.ts";
import { emulatorWiring, eventually, workflowApp } from "./workflow-app.ts";

/** The inspector's reason for a run (the harness summary its pages show) once it has one matching `pattern`. */
function inspectorSays(server: RunningEmulator, runId: string, pattern: RegExp): Promise<string> {
  return eventually(() => {
    const stalled = server.workflows.summary(runId).stalled;
    return stalled !== undefined && pattern.test(stalled) ? stalled : undefined;
  }, `the inspector to say ${pattern}`);
}

/** What the inspector's page shows for the run: the `stalled` of its overview's row. */
async function inspectorRow(server: RunningEmulator, runId: string): Promise<string | null | undefined> {
  const overview = (await (await fetch(`${server.url}/__stashkit/inspector/overview`)).json()) as {
    workflowRuns: { rows: { id: string; stalled: string | null }[] };
  };
  return overview.workflowRuns.rows.find((row) => row.id === runId)?.stalled;
}

describe("diagnoseRun: why a run is not moving, from the public API, as the emulator's inspector says it", () => {
  it("agrees on a run waiting for an event, one sleeping, and one whose app published its next step elsewhere", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const app = await workflowApp(emulatorWiring(server), async (context) => {
      await context.run("reserve", () => "reserved");
      await context.sleep("cool-off", "2d");
      const { eventData } = await context.waitForEvent("approval", "order-approved", { timeout: "1d" });
      return eventData;
    });
    const sleeping = server.workflows.start(app.url, { body: { order: 1 } });
    const sleepReason = await inspectorSays(server, sleeping.workflowRunId, /^sleeping until /);
    const sleepDiagnosis = await diagnoseRun(client, { workflowRunId: sleeping.workflowRunId });
    expect(sleepDiagnosis).toMatchObject({
      state: "RUN_STARTED",
      setting: "emulator",
      completedSteps: 1,
      reason: { code: "sleeping", message: sleepReason },
      next: [{ stepName: "cool-off", stepType: "SleepFor", waitEventId: undefined }],
    });
    expect(await inspectorRow(server, sleeping.workflowRunId)).toBe(sleepDiagnosis.reason?.message);

    const waiting = server.workflows.start(app.url, { body: { order: 2 } });
    await server.workflows.settle(waiting.workflowRunId);
    const waitReason = await inspectorSays(
      server,
      waiting.workflowRunId,
      /^waiting for event "order-approved"/,
    );
    const waitDiagnosis = await diagnoseRun(client, { workflowRunId: waiting.workflowRunId });
    expect(waitDiagnosis.reason).toEqual({ code: "waiting-for-event", message: waitReason });
    expect(waitDiagnosis.next).toEqual([
      { stepName: "approval", stepType: "Wait", messageId: undefined, waitEventId: "order-approved" },
    ]);

    // An app whose QStash client is another service's (another region, another emulator): it
    // answers 200 and publishes its next step there, so this run has nothing pending.
    const other = await emulator();
    const elsewhere = await workflowApp(
      emulatorWiring(other),
      async (context) => {
        await context.run("first", () => 1);
      },
      { verify: false },
    );
    const lost = server.workflows.start(elsewhere.url);
    const lostReason = await inspectorSays(server, lost.workflowRunId, /^nothing is pending: /);
    expect((await diagnoseRun(client, { workflowRunId: lost.workflowRunId })).reason).toEqual({
      code: "nothing-pending",
      message: lostReason,
    });
  });

  it("agrees on a run whose endpoint fails and waits to retry, and on one whose app rejects the signature", async () => {
    // The first retry comes 3 h 20 min after the failure: the reason holds while both read it.
    const server = await emulator({ retryBackoffScale: 1000 });
    const client = messagingClient(server);
    const wiring = emulatorWiring(server);
    const broken = await workflowApp(wiring, async (context) => {
      await context.run("charge", () => {
        throw new Error("card declined");
      });
    });
    const failing = server.workflows.start(broken.url);
    const failReason = await inspectorSays(server, failing.workflowRunId, /^its endpoint answered 500/);
    const failDiagnosis = await diagnoseRun(client, { workflowRunId: failing.workflowRunId });
    expect(failDiagnosis.reason).toEqual({ code: "failing", message: failReason });
    expect(failReason).toMatch(/card declined.*; retrying at \d{4}-/);

    const strict = await workflowApp(
      { ...wiring, signingKeys: { current: "sig_wrong", next: "sig_wrong_too" } },
      async () => "never",
    );
    const rejected = server.workflows.start(strict.url);
    const rejectReason = await inspectorSays(
      server,
      rejected.workflowRunId,
      /rejected the delivery's signature/,
    );
    expect((await diagnoseRun(client, { workflowRunId: rejected.workflowRunId })).reason?.message).toBe(
      rejectReason,
    );
  });

  it("agrees on a run held by a paused flow-control key, then says the same of its message", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    await client.flowControl.pause("held-orders");
    const app = await workflowApp(emulatorWiring(server), async () => "done");
    const held = server.workflows.start(app.url, {
      headers: { "upstash-flow-control-key": "held-orders", "upstash-flow-control-value": "parallelism=1" },
    });
    const heldReason = await inspectorSays(server, held.workflowRunId, /^held: /);
    const diagnosis = await diagnoseRun(client, { workflowRunId: held.workflowRunId });
    expect(diagnosis.reason).toEqual({ code: "held", message: heldReason });
    expect(heldReason).toBe('held: flow-control key "held-orders" is paused');
    const messageId = diagnosis.next[0]?.messageId ?? "";
    expect(await diagnoseMessage(client, { messageId })).toMatchObject({
      pending: true,
      reason: { code: "held", message: heldReason },
    });
  });

  it("reports an ended run without a reason, and refuses a run or message no log knows", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    const app = await workflowApp(
      emulatorWiring(server),
      async (context) => await context.run("only", () => 1),
    );
    const { workflowRunId } = server.workflows.start(app.url);
    await server.workflows.settle(workflowRunId);
    expect(await diagnoseRun(client, { workflowRunId })).toMatchObject({
      state: "RUN_SUCCESS",
      reason: undefined,
      completedSteps: 1,
    });
    const missing = await caught(() => diagnoseRun(client, { workflowRunId: "wfr_missing" }));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.message).toMatch(
      /^no workflow run wfr_missing in this account's logs at http:\/\/127\.0\.0\.1:/,
    );
    expect(await caught(() => diagnoseMessage(client, { messageId: "msg_missing" }))).toBeInstanceOf(
      NotFoundError,
    );
  });
});
