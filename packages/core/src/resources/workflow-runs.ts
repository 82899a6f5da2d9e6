import {
  type RawStep,
  rawStepsSchema,
  type WorkflowRunLog,
  workflowRunLogPageSchema,
} from "../schemas/workflow-runs.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { get, Resource } from "./resource.ts";

/** Which runs' logs to read; filters combine with AND. */
export interface WorkflowRunFilter {
  workflowRunId?: string;
  /** Runs of this workflow URL: exactly this URL (the SDK's `workflowUrlExactMatch`), not a prefix. */
  workflowUrl?: string;
  /** `RUN_STARTED` for the runs in flight. */
  state?: string;
}

/** Upstash Workflow's runs: their logs and their histories. */
export class WorkflowRunsResource extends Resource {
  /** One page of run logs, newest first, from `cursor` on (as the SDK's `client.logs()` reads them). */
  async logs(
    filter: WorkflowRunFilter,
    page: { cursor?: string | undefined; count?: number } = {},
    call?: CallOptions,
  ): Promise<{ runs: WorkflowRunLog[]; cursor?: string | undefined }> {
    const query: Record<string, string> = {
      groupBy: "workflowRunId",
      ...(filter.workflowRunId === undefined ? {} : { workflowRunId: filter.workflowRunId }),
      ...(filter.workflowUrl === undefined
        ? {}
        : { workflowUrl: filter.workflowUrl, workflowUrlExactMatch: "true" }),
      ...(filter.state === undefined ? {} : { state: filter.state }),
      ...(page.cursor ? { cursor: page.cursor } : {}),
      ...(page.count === undefined ? {} : { count: String(page.count) }),
    };
    return this.read(
      get("/v2/workflows/events", "list workflow runs", query),
      workflowRunLogPageSchema,
      call,
    );
  }

  /** One run's log (its state and the steps it completed), or undefined when there is no such run. */
  async log(workflowRunId: string, call?: CallOptions): Promise<WorkflowRunLog | undefined> {
    const { runs } = await this.logs({ workflowRunId }, {}, call);
    return runs.find((run) => run.workflowRunId === workflowRunId);
  }

  /** The run's history: the trigger's payload, then each step delivered, as a delivery carries them. */
  async history(workflowRunId: string, call?: CallOptions): Promise<RawStep[]> {
    const path = `/v2/workflows/runs/${encodeURIComponent(workflowRunId)}`;
    return this.read(get(path, `read the steps of workflow run ${workflowRunId}`), rawStepsSchema, call);
  }
}
