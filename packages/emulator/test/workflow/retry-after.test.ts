import { WorkflowRetryAfterError } from "@upstash/workflow";
import { describe, expect, it } from "vitest";
import { eventually } from "../sdk/helpers.ts";
import { runLog, withWorkflow, workflowApp } from "./helpers.ts";

describe("Upstash Workflow: WorkflowRetryAfterError", () => {
  it("retries the step when its Retry-After says, on the emulator's clock, not on the backoff", async () => {
    // Backoff compressed to ~1 ms: were the Retry-After ignored, the retry would come at once.
    const { server, client } = await withWorkflow();
    const attempts: number[] = [];
    const app = await workflowApp(server, async (context) => {
      await context.run("call the rate-limited API", () => {
        attempts.push(server.clock().now);
        if (attempts.length === 1) throw new WorkflowRetryAfterError("slow down", 600);
        return "done";
      });
    });

    const { workflowRunId } = await client.trigger({ url: app.url, retries: 3 });
    const waiting = await eventually(
      () => server.state.messages.find((message) => message.retried === 1),
      "the step to wait for its retry",
    );
    expect(waiting.nextAttemptAt).toBeGreaterThanOrEqual((attempts[0] ?? 0) + 600_000);
    expect(attempts).toHaveLength(1);

    await server.advanceClock(600_000);
    const done = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "the run to end",
    );
    expect(done.workflowState).toBe("RUN_SUCCESS");
    expect(attempts).toHaveLength(2);
  });
});
