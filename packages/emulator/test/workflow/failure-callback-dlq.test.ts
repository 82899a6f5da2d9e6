import { Client as QStashClient } from "@upstash/qstash";
import { describe, expect, it } from "vitest";
import { eventually } from "../sdk/helpers.ts";
import { runLog, withWorkflow, workflowApp } from "./helpers.ts";

/** An app whose only step fails, and whose failure function fails while `failureBroken` is set. */
async function failingApp(server: Awaited<ReturnType<typeof withWorkflow>>["server"]) {
  const state = { failureBroken: true, failureCalls: 0 };
  const app = await workflowApp(
    server,
    async (context) => {
      await context.run("charge", () => {
        throw new Error("card declined");
      });
    },
    {
      failureFunction: async () => {
        state.failureCalls++;
        if (state.failureBroken) throw new Error("alerting is down");
      },
    },
  );
  return { app, state };
}

describe("Upstash Workflow: the run's DLQ entry and its failure callback", () => {
  it("reports a failed failure callback on the run's one entry, then its success after retryFailureFunction", async () => {
    const { server, client } = await withWorkflow();
    const { app, state } = await failingApp(server);
    const { workflowRunId } = await client.trigger({ url: app.url, body: { order: 9 }, retries: 0 });

    const entryWith = (wanted: string) =>
      eventually(async () => {
        const { messages } = await client.dlq.list({ filter: { workflowRunId } });
        return messages.find((message) => message.failureCallbackInfo?.state === wanted);
      }, `the run's DLQ entry with ${wanted}`);
    const failed = await entryWith("CALLBACK_FAIL");
    const run = (await client.logs({ workflowRunId })).runs[0];
    expect(failed).toMatchObject({
      workflowRunId,
      workflowUrl: app.url,
      workflowCreatedAt: run?.workflowRunCreatedAt,
      failureCallbackInfo: { state: "CALLBACK_FAIL", responseStatus: 500 },
    });
    expect(failed.failureCallbackInfo?.responseBody).toContain("alerting is down");
    // One entry: the run's. The failed callback did not add one of its own.
    const qstash = new QStashClient({ baseUrl: server.url, token: server.messagingToken, retry: false });
    expect((await qstash.dlq.listMessages()).messages.map((message) => message.dlqId)).toEqual([
      failed.dlqId,
    ]);
    expect(state.failureCalls).toBe(1);

    state.failureBroken = false;
    expect(await client.dlq.retryFailureFunction({ dlqId: failed.dlqId })).toEqual({
      workflowRunId,
      workflowCreatedAt: run?.workflowRunCreatedAt,
    });
    const recovered = await entryWith("CALLBACK_SUCCESS");
    expect(recovered.dlqId).toBe(failed.dlqId);
    expect(state.failureCalls).toBe(2);
    expect((await qstash.dlq.listMessages()).messages).toHaveLength(1);
  });

  it("filters the workflow DLQ by the run's URL, creation time and failure callback state", async () => {
    const { server, client } = await withWorkflow();
    const { app } = await failingApp(server);
    const { workflowRunId } = await client.trigger({ url: app.url, retries: 0 });
    const run = await runLog(
      client,
      workflowRunId,
      (found) => found.failureFunction?.state === "CALLBACK_FAIL",
      "the failure callback to fail",
    );
    const ids = async (filter: Record<string, unknown>) =>
      (await client.dlq.list({ filter })).messages.map((message) => message.workflowRunId);

    expect(await ids({ workflowUrl: app.url })).toEqual([workflowRunId]);
    expect(await ids({ workflowUrl: `${app.url}/other` })).toEqual([]);
    expect(await ids({ workflowCreatedAt: run.workflowRunCreatedAt })).toEqual([workflowRunId]);
    expect(await ids({ workflowCreatedAt: run.workflowRunCreatedAt + 1 })).toEqual([]);
    expect(await ids({ failureFunctionState: "CALLBACK_FAIL" })).toEqual([workflowRunId]);
    expect(await ids({ failureFunctionState: "CALLBACK_SUCCESS" })).toEqual([]);
  });
});
