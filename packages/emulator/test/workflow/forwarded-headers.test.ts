import { serve as qstashServe } from "@upstash/qstash/workflow";
import { describe, expect, it } from "vitest";
import { eventually } from "../sdk/helpers.ts";
import { appOptions, listen, runLog, withWorkflow, workflowApp } from "./helpers.ts";

/**
 * `serve()` forwards the headers of the request that started a run, `Content-Length`,
 * `Connection` and `Host` among them, as `Upstash-Forward-*`: the emulator must send each
 * delivery with its own framing, or the first body of another length never arrives whole.
 */
describe("Upstash Workflow: the framing headers serve() forwards", () => {
  it("runs every step of a run started by calling the app, whose steps all forward that call's headers", async () => {
    const { server } = await withWorkflow();
    const seen: string[] = [];
    // The QStash SDK's own serve() sends the starting request's headers with every step.
    const handler = qstashServe<{ order: string }>(
      async (context) => {
        const charged = await context.run("charge", () => `charged ${context.requestPayload.order}`);
        const shipped = await context.run("ship", () => `${charged}, then shipped by the slow boat`);
        seen.push(shipped);
      },
      // No signing keys (an empty env): the run starts with a plain, unsigned call to the app.
      { qstashClient: appOptions(server).qstashClient, env: {} },
    );
    const app = await listen(handler);

    const started = await fetch(`${app.url}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", connection: "keep-alive", "x-shop": "s1" },
      body: JSON.stringify({ order: "o-1" }),
    });
    expect(started.status).toBe(200);
    await eventually(() => seen.length === 1, "the run to end");
    expect(seen).toEqual(["charged o-1, then shipped by the slow boat"]);
  });

  it("delivers the failure callback of a run whose trigger forwarded a Content-Length", async () => {
    const { server, client } = await withWorkflow();
    const failures: string[] = [];
    const app = await workflowApp<{ order: string }>(
      server,
      async (context) => {
        await context.run("charge", () => {
          throw new Error("card declined");
        });
      },
      {
        failureFunction: async ({ context, failResponse }) => {
          failures.push(`${context.requestPayload.order}: ${failResponse}`);
        },
      },
    );
    // As an app does that passes on the headers of the request it is handling.
    const { workflowRunId } = await client.trigger({
      url: app.url,
      body: { order: "o-2" },
      retries: 0,
      headers: { "Content-Length": "2", Connection: "keep-alive", Host: "elsewhere.example" },
    });

    await runLog(
      client,
      workflowRunId,
      (run) => run.failureFunction?.state === "CALLBACK_SUCCESS",
      "the failure function to have run",
    );
    expect(failures).toEqual(["o-2: card declined"]);
  });
});
