import { serve as serveOnHono } from "@upstash/workflow/hono";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { recorder } from "../sdk/helpers.ts";
import { appOptions, listen, runLog, withWorkflow, workflowApp } from "./helpers.ts";

describe("Upstash Workflow: context.call, events, and a Hono app", () => {
  it("context.call: the emulator calls the third party and delivers its answer back to the run", async () => {
    const { server, client } = await withWorkflow();
    const thirdParty = await recorder(() => ({
      status: 201,
      headers: { "content-type": "application/json" },
    }));
    const app = await workflowApp(server, async (context) => {
      const answer = await context.call("create", {
        url: `${thirdParty.url}/orders`,
        method: "POST",
        body: JSON.stringify({ item: "book" }),
        headers: { "x-api-key": "k1" },
      });
      return { status: answer.status, body: answer.body };
    });

    const { workflowRunId } = await client.trigger({ url: app.url });
    const done = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "the run to end",
    );
    expect(thirdParty.received).toHaveLength(1);
    expect(thirdParty.received[0]).toMatchObject({
      method: "POST",
      path: "/orders",
      body: JSON.stringify({ item: "book" }),
    });
    expect(thirdParty.received[0]?.headers["x-api-key"]).toBe("k1");
    // The recorder answers "ok" as text/plain… under the content type it was told to claim.
    expect(JSON.parse(done.workflowRunResponse ?? "")).toEqual({ status: 201, body: "ok" });
  });

  it("waitForEvent resumes on client.notify with the event's data, and times out on the test clock", async () => {
    const { server, client } = await withWorkflow();
    const app = await workflowApp<{ timeout: "1h" | "1d" }>(server, async (context) => {
      const event = await context.waitForEvent("approval", "order-7-approved", {
        timeout: context.requestPayload.timeout,
      });
      return event;
    });

    const notified = await client.trigger({ url: app.url, body: { timeout: "1h" } });
    const waiters = await eventuallyWaiting(client, "order-7-approved", 1);
    expect(waiters[0]?.url).toBe(app.url);
    const answers = await client.notify({ eventId: "order-7-approved", eventData: { by: "ops" } });
    expect(answers).toHaveLength(1);
    const resumed = await runLog(
      client,
      notified.workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "notify",
    );
    expect(JSON.parse(resumed.workflowRunResponse ?? "")).toEqual({
      eventData: { by: "ops" },
      timeout: false,
    });

    const forgotten = await client.trigger({ url: app.url, body: { timeout: "1d" } });
    await eventuallyWaiting(client, "order-7-approved", 1);
    server.advanceClock(24 * 60 * 60 * 1000);
    const timedOut = await runLog(
      client,
      forgotten.workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "timeout",
    );
    expect(JSON.parse(timedOut.workflowRunResponse ?? "")).toEqual({ timeout: true });
    expect(await client.getWaiters({ eventId: "order-7-approved" })).toEqual([]);
  });

  it("runs a workflow served by the Hono adapter", async () => {
    const { server, client } = await withWorkflow();
    const hono = new Hono();
    hono.post(
      "/hono-workflow",
      serveOnHono<string>(
        async (context) => await context.run("echo", () => `echo: ${context.requestPayload}`),
        appOptions(server),
      ),
    );
    const app = await listen(async (request) => await hono.fetch(request));
    const { workflowRunId } = await client.trigger({ url: `${app.url}/hono-workflow`, body: "hi" });
    const done = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "the run to end",
    );
    expect(done.workflowRunResponse).toBe(JSON.stringify("echo: hi"));
  });
});

async function eventuallyWaiting(
  client: Awaited<ReturnType<typeof withWorkflow>>["client"],
  eventId: string,
  n: number,
) {
  const { eventually } = await import("../sdk/helpers.ts");
  return await eventually(async () => {
    const waiters = await client.getWaiters({ eventId });
    return waiters.length === n ? waiters : undefined;
  }, `${n} waiter(s) of ${eventId}`);
}
