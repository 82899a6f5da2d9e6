import { describe, expect, it } from "vitest";
import { errorSchema } from "../contract.ts";
import { conforms, raw } from "../sdk/helpers.ts";
import { runLog, withWorkflow, workflowApp } from "./helpers.ts";

describe("Upstash Workflow: a run of sequential steps", () => {
  it("runs each context.run step as a delivery, sleeps a day on the test clock, and logs the run", async () => {
    const { server, client } = await withWorkflow();
    const seen: string[] = [];
    const app = await workflowApp<{ name: string }>(server, async (context) => {
      const greeting = await context.run("greet", () => {
        seen.push("greet");
        return `hello ${context.requestPayload.name}`;
      });
      await context.sleep("nap", "1d");
      return await context.run("shout", () => {
        seen.push("shout");
        return greeting.toUpperCase();
      });
    });

    const { workflowRunId } = await client.trigger({ url: app.url, body: { name: "ada" } });
    const asleep = await runLog(
      client,
      workflowRunId,
      (run) =>
        run.steps.some(
          (group) => group.type === "next" && group.steps.some((step) => step.stepName === "nap"),
        ),
      "the run to reach its sleep",
    );
    expect(asleep.workflowState).toBe("RUN_STARTED");
    expect(seen).toEqual(["greet"]);

    server.advanceClock(24 * 60 * 60 * 1000);
    const done = await runLog(
      client,
      workflowRunId,
      (run) => run.workflowState === "RUN_SUCCESS",
      "the run to end",
    );
    expect(seen).toEqual(["greet", "shout"]);
    expect(done.workflowRunResponse).toBe(JSON.stringify("HELLO ADA"));
    const names = done.steps.flatMap((group) => group.steps.map((step) => step.stepName));
    expect(names).toEqual(["init", "greet", "nap", "shout"]);
  });

  it("refuses an invoke trigger that does not say who invoked it (400), rather than a run whose result goes nowhere", async () => {
    const { server } = await withWorkflow();
    const answer = await raw(server)("POST", "/v2/publish/http://127.0.0.1:9/workflows/other", {
      headers: {
        "upstash-workflow-init": "true",
        "upstash-workflow-runid": "wfr_invoked",
        "upstash-workflow-invoke": "true",
      },
      body: "{}",
    });
    expect(answer.status).toBe(400);
    expect(conforms(errorSchema, answer.json).error).toMatch(/an invoke's body must be a JSON object/);
    expect(server.state.workflowRuns).toEqual({});
  });
});
