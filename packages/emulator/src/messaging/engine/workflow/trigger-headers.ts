/**
 * The headers of a run's first invocation, as @upstash/workflow 1.x's `Client.trigger` publishes
 * them: the emulator's own `workflows.start` and the inspector's "Trigger a workflow run" both send these.
 */
export function triggerHeaders(url: string, workflowRunId: string): Record<string, string> {
  return {
    "upstash-workflow-init": "true",
    "upstash-workflow-runid": workflowRunId,
    "upstash-workflow-url": url,
    "upstash-feature-set": "LazyFetch,InitialBody,WF_DetectTrigger,WF_TriggerOnConfig",
    "upstash-workflow-sdk-version": "1",
    "upstash-forward-upstash-workflow-sdk-version": "1",
  };
}
