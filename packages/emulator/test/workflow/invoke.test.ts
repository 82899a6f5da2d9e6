import { type WorkflowContext, WorkflowNonRetryableError } from "@upstash/workflow";
import { createWorkflow, serveMany } from "@upstash/workflow/hono";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { eventually } from "../sdk/helpers.ts";
import { appOptions, listen, runLog, withWorkflow } from "./helpers.ts";

interface InvokeResult {
  body: unknown;
  isFailed: boolean;
  isCanceled: boolean;
}

// `serveMany` serves several workflows under one route (`/workflows/<id>`); `context.invoke`
// starts one of them as a run of its own and waits for its result, which the emulator sends back
// to the invoking run when the invoked one ends (succeeded, failed or cancelled).
describe("Upstash Workflow: context.invoke and serveMany", () => {
  it("runs the invoked workflow with the payload given and hands its result back to the invoker", async () => {
    const { server, client } = await withWorkflow();
    const results: InvokeResult[] = [];
    const invokedRuns: string[] = [];
    const double = createWorkflow(async (context: WorkflowContext<{ n: number }>) => {
      invokedRuns.push(context.workflowRunId);
      const doubled = await context.run("double", () => context.requestPayload.n * 2);
      return { doubled };
    });
    const refuse = createWorkflow(async (context: WorkflowContext<string>) => {
      await context.run("refuse", () => {
        throw new WorkflowNonRetryableError(`no to ${context.requestPayload}`);
      });
    });
    const invoker = createWorkflow(async (context: WorkflowContext<number>) => {
      const doubled = await context.invoke("double it", {
        workflow: double,
        body: { n: context.requestPayload },
      });
      const refused = await context.invoke("be refused", { workflow: refuse, body: "this" });
      await context.run("record", () => {
        results.push(doubled as InvokeResult, refused as InvokeResult);
      });
    });
    const hono = new Hono();
    hono.post("/workflows/:id", serveMany({ double, refuse, invoker }, appOptions(server)));
    const app = await listen(async (request) => await hono.fetch(request));

    const { workflowRunId } = await client.trigger({ url: `${app.url}/workflows/invoker`, body: 21 });
    const done = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "the invoking run to end",
    );
    expect(done.workflowState).toBe("RUN_SUCCESS");
    expect(results).toEqual([
      { body: { doubled: 42 }, isFailed: false, isCanceled: false },
      // A failed run's body is the answer that failed it (the service's is not documented).
      {
        body: expect.objectContaining({ error: "WorkflowNonRetryableError", message: "no to this" }),
        isFailed: true,
        isCanceled: false,
      },
    ]);
    // The invoked workflow ran as a run of its own, at its own URL, and succeeded.
    const [invokedRun] = invokedRuns;
    const invoked = await runLog(
      client,
      invokedRun ?? "",
      (run) => run.workflowState === "RUN_SUCCESS",
      "the invoked run",
    );
    expect(invoked.workflowUrl).toBe(`${app.url}/workflows/double`);
    expect(invokedRun).not.toBe(workflowRunId);
  });

  it("hands back isCanceled when the invoked run is cancelled", async () => {
    const { server, client } = await withWorkflow();
    const results: InvokeResult[] = [];
    const waiter = createWorkflow(async (context: WorkflowContext<string>) => {
      await context.waitForEvent("wait", "never-notified", { timeout: "1d" });
    });
    const invoker = createWorkflow(async (context: WorkflowContext<string>) => {
      const waited = await context.invoke("wait for it", {
        workflow: waiter,
        body: "",
        workflowRunId: "invoked-then-cancelled",
      });
      await context.run("record", () => {
        results.push(waited as InvokeResult);
      });
    });
    const hono = new Hono();
    hono.post("/workflows/:id", serveMany({ waiter, invoker }, appOptions(server)));
    const app = await listen(async (request) => await hono.fetch(request));

    const { workflowRunId } = await client.trigger({ url: `${app.url}/workflows/invoker`, body: "go" });
    const invokedId = "wfr_invoked-then-cancelled";
    await eventually(() => server.state.workflowWaiters.length === 1 || undefined, "the invoked run's wait");
    await client.cancel({ ids: invokedId });
    const done = await runLog(client, workflowRunId, (run) => run.workflowState === "RUN_SUCCESS", "invoker");
    expect(done.workflowState).toBe("RUN_SUCCESS");
    expect(results).toEqual([{ body: "", isFailed: false, isCanceled: true }]);
  });

  it("serves each workflow of serveMany by the id that ends its URL", async () => {
    const { server, client } = await withWorkflow();
    const hono = new Hono();
    const greet = createWorkflow(async (context: WorkflowContext<string>) =>
      context.run("greet", () => `hello ${context.requestPayload}`),
    );
    hono.post("/workflows/:id", serveMany({ greet }, appOptions(server)));
    const app = await listen(async (request) => await hono.fetch(request));
    const { workflowRunId } = await client.trigger({ url: `${app.url}/workflows/greet`, body: "you" });
    const done = await runLog(client, workflowRunId, (run) => run.workflowState === "RUN_SUCCESS", "greet");
    expect(done.workflowRunResponse).toBe('"hello you"');
  });
});
