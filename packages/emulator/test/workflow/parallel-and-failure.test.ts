import { describe, expect, it } from "vitest";
import { runLog, withWorkflow, workflowApp } from "./helpers.ts";

describe("Upstash Workflow: parallel steps, failures, cancel", () => {
  it("runs parallel steps as separate deliveries and continues once all results are in", async () => {
    const { server, client } = await withWorkflow();
    const app = await workflowApp<number>(server, async (context) => {
      const [a, b, c] = await Promise.all([
        context.run("double", () => context.requestPayload * 2),
        context.run("square", () => context.requestPayload ** 2),
        context.run("negate", () => -context.requestPayload),
      ]);
      return await context.run("sum", () => a + b + c);
    });

    const { workflowRunId } = await client.trigger({ url: app.url, body: 5 });
    const done = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "the run to end",
    );
    expect(done.workflowRunResponse).toBe("30");
    const parallel = done.steps.find((group) => group.type === "parallel");
    expect(parallel?.steps.map((step) => step.stepName).sort()).toEqual(["double", "negate", "square"]);
  });

  it("retries a failing step, then calls the failure function and fails the run into the DLQ", async () => {
    const { server, client } = await withWorkflow();
    let attempts = 0;
    const failures: { status: number; response: string; payload: unknown }[] = [];
    const app = await workflowApp<{ order: number }>(
      server,
      async (context) => {
        await context.run("charge", () => {
          attempts++;
          throw new Error("card declined");
        });
      },
      {
        failureFunction: async ({ context, failStatus, failResponse }) => {
          failures.push({ status: failStatus, response: failResponse, payload: context.requestPayload });
        },
      },
    );

    const { workflowRunId } = await client.trigger({ url: app.url, body: { order: 7 }, retries: 2 });
    const failed = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_FAILED" && run.failureFunction?.state === "CALLBACK_SUCCESS",
      "the failure function to have run",
    );
    expect(attempts).toBe(3);
    expect(failures).toEqual([{ status: 500, response: "card declined", payload: { order: 7 } }]);
    expect(failed.dlqId).toEqual(expect.any(String));
    const dlq = await client.dlq.list();
    expect(dlq.messages.map((message) => message.dlqId)).toContain(failed.dlqId);
  });

  it("cancels a sleeping run with client.cancel: nothing more is delivered", async () => {
    const { server, client } = await withWorkflow();
    const ran: string[] = [];
    const app = await workflowApp(server, async (context) => {
      await context.sleep("wait", 3600);
      await context.run("after", () => {
        ran.push("after");
      });
    });
    const { workflowRunId } = await client.trigger({ url: app.url });
    await runLog(
      client,
      workflowRunId,
      (run) =>
        run.steps.some(
          (group) => group.type === "next" && group.steps.some((step) => step.stepName === "wait"),
        ),
      "the run to sleep",
    );

    expect(await client.cancel({ ids: workflowRunId })).toEqual({ cancelled: 1 });
    const cancelled = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_CANCELED",
      "cancel",
    );
    expect(cancelled.steps.some((group) => group.type === "next")).toBe(false);
    server.advanceClock(2 * 3600 * 1000);
    expect(ran).toEqual([]);
    expect(server.state.messages).toEqual([]);
  });
});
