import { describe, expect, it } from "vitest";
import { control } from "../helpers.ts";
import { recorder } from "../sdk/helpers.ts";
import { withWorkflow, workflowApp } from "./helpers.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("the Workflow testing API", () => {
  it("runs a workflow to its end through a sleep and a failing call, and shows each step", async () => {
    const { server } = await withWorkflow();
    const payments = await recorder(() => ({ status: 200, body: "paid" }));
    const app = await workflowApp<{ orderId: string }>(server, async (context) => {
      const order = await context.run("reserve", () => `reserved ${context.requestPayload.orderId}`);
      await context.sleep("cool-off", "3d");
      const charge = await context.call("charge", {
        url: `${payments.url}/charge`,
        method: "POST",
        body: order,
      });
      return { order, charged: charge.status };
    });
    server.failDestination({ destination: payments.url, times: 1, status: 503, body: "try later" });

    const { workflowRunId } = server.workflows.start(app.url, { body: { orderId: "o-1" } });
    const settled = await server.workflows.settle(workflowRunId);

    expect(settled).toMatchObject({ workflowRunId, state: "RUN_SUCCESS", steps: 3 });
    // The call's destination failed once: that is the run's last failed answer.
    expect(settled.lastFailure).toMatchObject({ status: 503, body: "try later" });
    expect(JSON.parse(settled.response ?? "")).toEqual({ order: "reserved o-1", charged: 503 });
    expect(payments.received).toHaveLength(0);
    // The 3-day sleep was skipped on the test clock (less the time the run took to reach it).
    expect(server.clock().offsetMs).toBeGreaterThan(2 * DAY);
    const steps = server.workflows.steps(workflowRunId);
    expect(steps.map((step) => [step.name, step.type])).toEqual([
      ["init", "Initial"],
      ["reserve", "Run"],
      ["cool-off", "SleepFor"],
      ["charge", "Call"],
    ]);
    expect(steps[0]?.input).toEqual({ orderId: "o-1" });
    expect(steps[1]).toMatchObject({ output: "reserved o-1", attempts: 1, errors: [] });
    expect(steps[3]?.output).toMatchObject({ status: 503, body: "try later" });
    expect(server.destinationFaults()).toEqual([]);
  });

  it("retries a step whose endpoint fails, on the test clock, and counts the attempts", async () => {
    const { server } = await withWorkflow({ retryBackoffScale: 1 });
    const app = await workflowApp(server, async (context) => {
      await context.run("first", () => 1);
      return await context.run("second", () => 2);
    });
    const { workflowRunId } = server.workflows.start(app.url);
    // The endpoint answers 500 twice after the first step: the step is retried on the documented
    // backoff (12 s, then 2 min 28 s), which settle skips on the test clock.
    await server.workflows.settle(workflowRunId);
    expect(server.workflows.summary(workflowRunId).state).toBe("RUN_SUCCESS");
    const again = server.workflows.start(app.url);
    server.failDestination({ destination: app.url, times: 2, status: 500, body: "boom" });
    const done = await server.workflows.settle(again.workflowRunId);
    expect(done.state).toBe("RUN_SUCCESS");
    expect(done.lastFailure).toMatchObject({ status: 500, body: "boom" });
    const [init] = server.workflows.steps(again.workflowRunId);
    expect(init).toMatchObject({ attempts: 3 });
    expect(init?.errors.map((error) => [error["status"], error["body"]])).toEqual([
      [500, "boom"],
      [500, "boom"],
    ]);
  });

  it("stops at a wait for an event and says which, then goes on after the notify", async () => {
    const { server, client } = await withWorkflow();
    const app = await workflowApp(server, async (context) => {
      const { eventData } = await context.waitForEvent("approval", "order-approved", { timeout: "1d" });
      return eventData;
    });
    const { workflowRunId } = server.workflows.start(app.url);
    const waiting = await server.workflows.settle(workflowRunId);
    expect(waiting.state).toBe("RUN_STARTED");
    expect(waiting.stalled).toMatch(/^waiting for event "order-approved" \(times out at \d{4}-\d\d-\d\dT/);
    expect(server.workflows.list({ state: "RUN_STARTED" }).map((run) => run.workflowRunId)).toContain(
      workflowRunId,
    );
    // The run's logs show the wait as its next step, with the service's wait fields.
    const { runs } = await client.logs({ workflowRunId });
    expect(runs[0]?.steps.at(-1)).toMatchObject({
      type: "next",
      steps: [{ stepName: "approval", stepType: "Wait", waitEventId: "order-approved" }],
    });
    expect(runs[0]?.steps.at(-1)?.steps[0]).toHaveProperty("waitTimeoutDeadline", expect.any(Number));

    await client.notify({ eventId: "order-approved", eventData: "yes" });
    const done = await server.workflows.settle(workflowRunId);
    expect(done).toMatchObject({ state: "RUN_SUCCESS", response: JSON.stringify("yes") });
    expect(server.workflows.list({ state: "RUN_STARTED" })).toEqual([]);
  });

  it("says why a run does not move: the endpoint's answer, a rejected signature, nothing pending", async () => {
    // The documented backoff (12 s before the first retry), so a failing run is seen between tries.
    const { server, client } = await withWorkflow({ retryBackoffScale: 1 });
    const down = await recorder(() => 502);
    const unreachable = server.workflows.start(`${down.url}/workflow`);
    expect(server.workflows.summary(unreachable.workflowRunId).stalled).toBeUndefined();
    await eventuallyStalled(
      server,
      unreachable.workflowRunId,
      /^its endpoint answered 502: failed with 502; retrying at /,
    );

    // An app given other signing keys rejects every delivery.
    const strict = await workflowApp(server, async () => "never", {
      receiver: new (await import("@upstash/qstash")).Receiver({
        currentSigningKey: "sig_x",
        nextSigningKey: "sig_y",
      }),
    });
    const rejected = server.workflows.start(strict.url);
    await eventuallyStalled(server, rejected.workflowRunId, /the app rejected the delivery's signature/);
    const events = (await control(server).get(`/workflows/runs/${rejected.workflowRunId}`)).json;
    expect(events).toMatchObject({ state: "RUN_STARTED", stalled: expect.stringMatching(/signing keys/) });
    // The SDK's logs carry the same reason (a field the service does not send; the SDK passes it on).
    const logs = await client.logs({ workflowRunId: rejected.workflowRunId });
    expect(logs.runs[0]).toMatchObject({
      workflowState: "RUN_STARTED",
      stalledReason: expect.stringMatching(/the app rejected the delivery's signature/),
    });
    const unreachableLog = await client.logs({ workflowRunId: unreachable.workflowRunId });
    expect(unreachableLog.runs[0]).toMatchObject({ stalledReason: expect.stringMatching(/answered 502/) });

    // An app that answers without publishing its next step here.
    const elsewhere = await recorder(() => 200);
    const lost = server.workflows.start(`${elsewhere.url}/workflow`);
    const settled = await server.workflows.settle(lost.workflowRunId);
    expect(settled.stalled).toMatch(/^nothing is pending: .*is its qstashClient pointed at it/);
  });

  it("does the same over the control API, and refuses an unknown run or bad input by name", async () => {
    const { server } = await withWorkflow();
    const app = await workflowApp(server, async (context) => await context.run("only", () => "done"));
    const ctl = control(server);
    const started = await ctl.post("/workflows/runs", { url: app.url, body: { n: 1 } });
    expect(started.status).toBe(200);
    const { workflowRunId } = started.json as { workflowRunId: string };
    const settled = await ctl.post(`/workflows/runs/${workflowRunId}/settle`, {});
    expect(settled.json).toMatchObject({ workflowRunId, state: "RUN_SUCCESS" });
    const steps = (await ctl.get(`/workflows/runs/${workflowRunId}/steps`)).json as { name: string }[];
    expect(steps.map((step) => step.name)).toEqual(["init", "only"]);
    expect((await ctl.get("/workflows/runs?state=RUN_SUCCESS")).json).toEqual([settled.json]);

    const missing = await ctl.post("/workflows/runs/wfr_nope/settle", {});
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'workflow run "wfr_nope" not found' });
    expect((await ctl.get("/workflows/runs?state=DONE")).status).toBe(400);
    expect((await ctl.post("/workflows/runs", { url: "ftp://x" })).json).toEqual({
      error: "url must be an http(s) URL",
    });
    const badFault = await ctl.post("/destination-faults", { destination: app.url, times: 0 });
    expect(badFault.json).toEqual({ error: "times must be a whole number of 1 or more" });
    expect(server.destinationFaults()).toEqual([]);
    expect((await ctl.post("/destination-faults", { destination: app.url, times: 2 })).json).toEqual([
      { destination: app.url, times: 2 },
    ]);
    expect((await ctl.remove("/destination-faults")).json).toEqual([]);
  });
});

async function eventuallyStalled(
  server: Awaited<ReturnType<typeof withWorkflow>>["server"],
  runId: string,
  reason: RegExp,
): Promise<void> {
  for (let turn = 0; turn < 600; turn++) {
    const stalled = server.workflows.summary(runId).stalled;
    if (stalled !== undefined && reason.test(stalled)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${runId} never said ${reason}: ${server.workflows.summary(runId).stalled}`);
}
