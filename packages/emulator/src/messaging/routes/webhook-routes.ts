import type { RouteContext } from "../../http/api.ts";
import { ok, type Reply } from "../../http/reply.ts";
import type { WorkflowRuns } from "../engine/workflow/runs.ts";
import type { Waits } from "../engine/workflow/waits.ts";
import { messagingErrors } from "../errors.ts";

/**
 * The URL `context.createWebhook` hands out (`/v2/workflows/hooks/{userId}/{runId}/{eventId}`),
 * which anyone may call, without a token: its random event id is what lets them in. A call
 * completes the run's `waitForWebhook` with the request as the SDK rebuilds it (method, address,
 * headers, base64 body), or is kept for a wait that comes later.
 */
export const WEBHOOK_PATTERN = "/v2/workflows/hooks/:userId/:runId/:eventId";

export function webhookHandler(waits: Waits, runs: WorkflowRuns) {
  return (context: RouteContext): Reply => {
    const runId = context.params["runId"] ?? "";
    const eventId = context.params["eventId"] ?? "";
    if (runs.get(runId)?.state !== "RUN_STARTED") throw messagingErrors.notFound("workflow run", runId);
    const header: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(context.req.headers)) {
      if (value !== undefined) header[name] = Array.isArray(value) ? value : [value];
    }
    const request = {
      method: context.req.method ?? "POST",
      proto: "http",
      host: context.req.headers.host ?? "",
      url: context.req.url ?? "/",
      header,
      body: context.rawBody.toString("base64"),
    };
    waits.notify(eventId, Buffer.from(JSON.stringify(request)), runId);
    return ok({});
  };
}
