import { describe, expect, it } from "vitest";
import { eventually } from "../sdk/helpers.ts";
import { runLog, withWorkflow, workflowApp } from "./helpers.ts";

// The SDK reads the user id for the webhook URL out of the token, as the service's tokens carry it.
const TOKEN = Buffer.from(JSON.stringify({ UserID: "user-1", Password: "secret-part" })).toString("base64");

describe("Upstash Workflow: context.createWebhook and waitForWebhook", () => {
  it("hands out a URL anyone may call without a token; the call resumes the run with the request", async () => {
    const { server, client } = await withWorkflow({ messagingTokens: [TOKEN] });
    const urls: string[] = [];
    const seen: { method: string; body: string; caller: string | null }[] = [];
    const app = await workflowApp(server, async (context) => {
      const webhook = await context.createWebhook("make the hook");
      await context.run("share it", () => {
        urls.push(webhook.webhookUrl);
      });
      const { request, timeout } = await context.waitForWebhook("wait for the call", webhook, "1d");
      await context.run("read the call", async () => {
        if (timeout || request === undefined) throw new Error("the wait timed out");
        seen.push({
          method: request.method,
          body: await request.text(),
          caller: request.headers.get("x-caller"),
        });
      });
    });

    const { workflowRunId } = await client.trigger({ url: app.url });
    const url = await eventually(() => urls[0], "the webhook URL");
    expect(url).toMatch(new RegExp(`^${server.url}/v2/workflows/hooks/user-1/${workflowRunId}/evt_`));
    await eventually(() => server.state.workflowWaiters.length === 1 || undefined, "the run to wait");

    const called = await fetch(url, {
      method: "PUT",
      body: "payload",
      headers: { "x-caller": "third party" },
    });
    expect(called.status).toBe(200);
    const done = await runLog(client, workflowRunId, (run) => run.workflowState === "RUN_SUCCESS", "the run");
    expect(done.workflowState).toBe("RUN_SUCCESS");
    expect(seen).toEqual([{ method: "PUT", body: "payload", caller: "third party" }]);

    // Once the run has ended, its webhook is gone.
    expect((await fetch(url, { method: "POST", body: "late" })).status).toBe(404);
  });
});
