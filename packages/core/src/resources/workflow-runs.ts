import { type WorkflowRunLog, workflowRunPageSchema } from "../schemas/workflow-run-log.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { get, Resource } from "./resource.ts";

/** Upstash Workflow's runs, as their logs show them. */
export class WorkflowRunsResource extends Resource {
  /** The run's log (its state and the steps it completed), or undefined when there is no such run. */
  async log(workflowRunId: string, call?: CallOptions): Promise<WorkflowRunLog | undefined> {
    const request = get("/v2/workflows/events", `get the log of workflow run ${workflowRunId}`, {
      workflowRunId,
    });
    const page = await this.read(request, workflowRunPageSchema, call);
    return page.runs.find((run) => run.workflowRunId === workflowRunId);
  }
}
