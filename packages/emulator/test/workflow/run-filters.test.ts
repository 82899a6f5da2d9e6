import { describe, expect, it } from "vitest";
import { raw } from "../sdk/helpers.ts";
import { withWorkflow } from "./helpers.ts";

/** Starts runs whose first delivery waits a day, so they stay running. */
async function runningRuns(ids: string[]) {
  const { server, client } = await withWorkflow();
  const call = raw(server);
  for (const runId of ids) {
    const started = await call("POST", "/v2/publish/http://127.0.0.1:9/workflow", {
      headers: {
        "upstash-workflow-runid": runId,
        "upstash-workflow-init": "true",
        "upstash-workflow-url": "http://127.0.0.1:9/workflow",
        "upstash-delay": "1d",
      },
    });
    expect(started.status).toBe(200);
  }
  return { server, client, call };
}

describe("Workflow run filters: those the emulator does not apply are refused, not ignored", () => {
  it("refuses a bulk cancel by a filter it does not apply, and cancels nothing", async () => {
    const { server, call } = await runningRuns(["wfr_a", "wfr_b"]);
    for (const filter of [
      "flowControlKey=tenant-1",
      "callerIp=10.0.0.1",
      "messageId=msg_1",
      "workflowUrll=x",
    ]) {
      const refused = await call("DELETE", `/v2/workflows/runs?${filter}`);
      expect(refused.status, filter).toBe(400);
      expect((refused.json as { error: string }).error).toContain(`unknown filter "${filter.split("=")[0]}"`);
    }
    const states = Object.values(server.state.workflowRuns).map((run) => run.state);
    expect(states).toEqual(["RUN_STARTED", "RUN_STARTED"]);
    // A filter it applies still works.
    const cancelled = await call("DELETE", "/v2/workflows/runs?workflowRunIds=wfr_a");
    expect(cancelled.json).toEqual({ cancelled: 1 });
  });

  it("answers the SDK's logs (grouped by run) and refuses a misspelt filter on them", async () => {
    const { client, call } = await runningRuns(["wfr_c"]);
    const logs = await client.logs({ workflowRunId: "wfr_c" });
    expect(logs.runs.map((run) => run.workflowRunId)).toEqual(["wfr_c"]);
    const refused = await call("GET", "/v2/workflows/events?stat=RUN_STARTED");
    expect(refused.status).toBe(400);
  });
});
