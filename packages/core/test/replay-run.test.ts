import { Client } from "@upstash/workflow";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../src/index.ts";
import { readRecorded, recordedDlq } from "../src/internal.ts";
import { caught, emulator, messagingClient } from "./helpers.ts";
import { until, workflowApp } from "./replay-helpers.ts";

/** A run of a Workflow app whose step `failAt` (1 or 2) throws; it has no retries, so it fails at once. */
async function failedRun(failAt: 1 | 2) {
  const source = await emulator({ retryBackoffScale: 0.0001 });
  const app = await workflowApp<{ order: number }>(source, async (context) => {
    const prepared = await context.run("prepare", () => {
      if (failAt === 1) throw new Error("warehouse offline");
      return { prepared: context.requestPayload.order };
    });
    await context.run("ship", () => {
      throw new Error("carrier offline");
    });
    return prepared;
  });
  const client = new Client({ baseUrl: source.url, token: source.messagingToken });
  const { workflowRunId } = await client.trigger({ url: app.url, body: { order: 7 }, retries: 0 });
  await until(() => source.state.dlq.length === 1, "the run to fail");
  const { runs } = await client.logs({ workflowRunId });
  expect(runs[0]?.workflowState).toBe("RUN_FAILED");
  return { source, workflowRunId };
}

describe("reading a Workflow run from the account", () => {
  it("gives its payload, the steps before the failed delivery, and that delivery, with GETs only", async () => {
    const { source, workflowRunId } = await failedRun(2);
    source.clearRequests();
    const [byRun] = await readRecorded(messagingClient(source), { runIds: [workflowRunId] });
    expect(source.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v2/workflows/events",
      expect.stringMatching(/^GET \/v2\/dlq\//),
    ]);
    expect(byRun).toMatchObject({
      kind: "run",
      workflowRunId,
      state: "RUN_FAILED",
      payload: '{"order":7}',
      steps: [],
      next: { trigger: false, headers: { "Upstash-Workflow-Sdk-Version": "1" } },
    });
    if (byRun?.kind !== "run") throw new Error("a run");
    expect(JSON.parse(byRun.next?.body ?? "")).toMatchObject({
      stepId: 1,
      stepName: "prepare",
      stepType: "Run",
    });

    const [byDlq] = await readRecorded(messagingClient(source), { dlqIds: [byRun.dlqId ?? ""] });
    expect(byDlq).toEqual(byRun);
    const exported = [];
    for await (const record of recordedDlq(messagingClient(source), { filter: {} })) exported.push(record);
    expect(exported).toEqual([byRun]);
    expect(source.requests.every((r) => r.method === "GET")).toBe(true);
  });

  it("marks a run that failed at its first delivery: the payload is delivered again", async () => {
    const { source, workflowRunId } = await failedRun(1);
    const [record] = await readRecorded(messagingClient(source), { runIds: [workflowRunId] });
    expect(record).toMatchObject({ kind: "run", steps: [], next: { trigger: true, body: '{"order":7}' } });
  });

  it("says so when the account has no such run", async () => {
    const source = await emulator();
    const error = await caught(() => readRecorded(messagingClient(source), { runIds: ["wfr_missing"] }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("get the log of workflow run wfr_missing: the account has no such run");
  });
});
