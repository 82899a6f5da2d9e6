import { describe, expect, it } from "vitest";
import { runLog, withWorkflow, workflowApp } from "./helpers.ts";

/** An app whose second step fails until `broken` is cleared; counts what each step ran. */
async function flakyApp(server: Awaited<ReturnType<typeof withWorkflow>>["server"]) {
  const state = { broken: true, prepared: 0, shipped: 0, failures: 0 };
  const app = await workflowApp(
    server,
    async (context) => {
      await context.run("prepare", () => {
        state.prepared++;
      });
      return await context.run("ship", () => {
        if (state.broken) throw new Error("warehouse offline");
        state.shipped++;
        return "shipped";
      });
    },
    {
      failureFunction: async () => {
        state.failures++;
      },
    },
  );
  return { app, state };
}

describe("Upstash Workflow: the workflow DLQ", () => {
  it("lists a failed run, resumes it from the failed step, and calls the failure function again on request", async () => {
    const { server, client } = await withWorkflow();
    const { app, state } = await flakyApp(server);
    const { workflowRunId } = await client.trigger({ url: app.url, retries: 0 });
    const failed = await runLog(
      client,
      workflowRunId,
      (run) => run.failureFunction?.state === "CALLBACK_SUCCESS",
      "failure",
    );

    const listed = await client.dlq.list({ filter: { workflowRunId } });
    expect(listed.messages.map((message) => message.dlqId)).toEqual([failed.dlqId]);
    expect((await client.dlq.list({ filter: { workflowRunId: "wfr_other" } })).messages).toEqual([]);
    const dlqId = failed.dlqId ?? "";

    await client.dlq.retryFailureFunction({ dlqId });
    await runLog(client, workflowRunId, () => state.failures === 2, "the failure function's second call");

    state.broken = false;
    expect(await client.dlq.resume({ dlqId })).toEqual({
      workflowRunId,
      workflowCreatedAt: failed.workflowRunCreatedAt,
    });
    const done = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "the resumed run",
    );
    expect(done.workflowRunResponse).toBe(JSON.stringify("shipped"));
    expect(state).toMatchObject({ prepared: 1, shipped: 1 });
    expect((await client.dlq.list()).messages).toEqual([]);
  });

  it("restarts a failed run from its first step", async () => {
    const { server, client } = await withWorkflow();
    const { app, state } = await flakyApp(server);
    const { workflowRunId } = await client.trigger({ url: app.url, retries: 0 });
    const failed = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_FAILED",
      "failure",
    );

    state.broken = false;
    await client.dlq.restart({ dlqId: failed.dlqId ?? "" });
    await runLog(client, workflowRunId, (run) => run.workflowState === "RUN_SUCCESS", "the restarted run");
    expect(state).toMatchObject({ prepared: 2, shipped: 1 });
  });
});
