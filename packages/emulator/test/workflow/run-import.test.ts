import { describe, expect, it } from "vitest";
import { control } from "../helpers.ts";
import { runLog, withWorkflow, workflowApp } from "./helpers.ts";

/** An app of three steps that counts what each step ran, with the step names the imports use. */
async function orderApp(server: Awaited<ReturnType<typeof withWorkflow>>["server"]) {
  const ran = { prepare: 0, pack: 0, ship: 0 };
  const app = await workflowApp<{ order: number }, string>(server, async (context) => {
    const prepared = await context.run("prepare", () => {
      ran.prepare++;
      return `prepared ${context.requestPayload.order}`;
    });
    const packed = await context.run("pack", () => {
      ran.pack++;
      return `${prepared}, packed`;
    });
    return await context.run("ship", () => {
      ran.ship++;
      return `${packed}, shipped`;
    });
  });
  return { app, ran };
}

const base64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64");
const step = (stepId: number, stepName: string, out: string) => ({
  stepId,
  stepName,
  stepType: "Run",
  out: JSON.stringify(out),
  concurrent: 1,
});

describe("a Workflow run imported as far as it got (POST /__stashkit/workflows/runs/import)", () => {
  it("delivers its next step after the steps it brought: the app runs only what follows", async () => {
    const { server, client } = await withWorkflow();
    const { app, ran } = await orderApp(server);
    const imported = await control(server).post("/workflows/runs/import", {
      workflowRunId: "wfr_imported",
      url: app.url,
      payload: base64({ order: 7 }),
      // Elsewhere, "prepare" ran; the message carrying "pack"'s result is what failed there.
      steps: [step(1, "prepare", "prepared 7 elsewhere")],
      next: {
        body: base64(step(2, "pack", "prepared 7 elsewhere, packed")),
        headers: { "X-Tenant": "acme" },
      },
      retries: 0,
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toMatchObject({
      workflowRunId: "wfr_imported",
      messageId: expect.stringMatching(/^msg_/),
    });

    const done = await runLog(
      client,
      "wfr_imported",
      (run) => run.workflowState === "RUN_SUCCESS",
      "the run",
    );
    expect(done.workflowRunResponse).toBe(JSON.stringify("prepared 7 elsewhere, packed, shipped"));
    expect(ran).toEqual({ prepare: 0, pack: 0, ship: 1 });
    expect(server.workflows.steps("wfr_imported").map((s) => s.name)).toEqual([
      "init",
      "prepare",
      "pack",
      "ship",
    ]);
  });

  it("starts from its payload without a next delivery, and replaces a run of the same id", async () => {
    const { server, client } = await withWorkflow();
    const { app, ran } = await orderApp(server);
    const first = { workflowRunId: "wfr_again", url: app.url, payload: base64({ order: 1 }), steps: [] };
    expect((await control(server).post("/workflows/runs/import", first)).status).toBe(200);
    await runLog(client, "wfr_again", (run) => run.workflowState === "RUN_SUCCESS", "the first run");

    const again = { ...first, payload: base64({ order: 2 }) };
    expect((await control(server).post("/workflows/runs/import", again)).status).toBe(200);
    const done = await runLog(
      client,
      "wfr_again",
      (run) => run.workflowState === "RUN_SUCCESS" && run.workflowRunResponse?.includes("2") === true,
      "the second run",
    );
    expect(done.workflowRunResponse).toBe(JSON.stringify("prepared 2, packed, shipped"));
    expect(ran).toEqual({ prepare: 2, pack: 2, ship: 2 });
    expect(server.workflows.list().map((run) => run.workflowRunId)).toEqual(["wfr_again"]);
  });

  it.each([
    [
      "steps without a next delivery",
      { steps: [step(1, "prepare", "x")] },
      'run import: "steps" need "next", the delivery to make after them',
    ],
    [
      "a URL of another scheme",
      { url: "ftp://app/workflow" },
      'run import field "url" must be an http(s) URL',
    ],
    ["a payload that is not base64", { payload: "not base64!" }, 'run import field "payload" must be'],
    ["a field it does not know", { workflowRunID: "x" }, 'unknown run import field "workflowRunID"'],
    [
      "a header value with a line break",
      { next: { body: "", headers: { "X-A": "a\r\nX-B: b" } }, steps: [] },
      'run import field "next" must be',
    ],
  ])("refuses %s with a 400 that names it, and makes no run", async (_what, change, message) => {
    const { server } = await withWorkflow();
    const body = {
      workflowRunId: "wfr_bad",
      url: "http://127.0.0.1:9/workflow",
      payload: "",
      steps: [],
      ...change,
    };
    const refused = await control(server).post("/workflows/runs/import", body);
    expect(refused.status).toBe(400);
    expect((refused.json as { error: string }).error).toContain(message);
    expect(server.workflows.list()).toEqual([]);
    expect(server.state.messages).toEqual([]);
  });
});
