import type { RouteContext } from "../../http/api.ts";
import { ok, type Reply } from "../../http/reply.ts";
import type { WorkflowRuns } from "../engine/workflow/runs.ts";
import type { Waits } from "../engine/workflow/waits.ts";
import type { Workflows } from "../engine/workflow/workflows.ts";
import { messagingErrors } from "../errors.ts";
import type { MessageStore } from "../records/queue-store.ts";
import type { StoredRun, StoredWaiter } from "../records/workflow-records.ts";
import { count, values } from "./filters.ts";
import { type PendingStep, runLogView } from "./log-view.ts";
import { refuseUnknownParameters, WORKFLOW_RUN_PARAMETERS } from "./query-parameters.ts";

export interface WorkflowRouteParts {
  runs: WorkflowRuns;
  workflows: Workflows;
  messages: MessageStore;
  /** Why a run that has not ended is not moving (the testing API's reason), for its log. */
  stalled(runId: string): string | undefined;
  /** The waits for events the run is in, shown as its next steps. */
  waiting(runId: string): readonly StoredWaiter[];
}

const LOG_PAGE = 10;
const BULK_PAGE = 100;

/** `/v2/workflows/runs` (end, cancel, steps) and `/v2/workflows/events` (logs). */
export function workflowHandlers(parts: WorkflowRouteParts) {
  const { runs, workflows } = parts;
  const existing = (context: RouteContext): StoredRun => {
    const runId = context.params["id"] ?? "";
    const run = runs.get(runId);
    if (!run) throw messagingErrors.notFound("workflow run", runId);
    return run;
  };
  return {
    /** The app ends its run (`?cancel=false`, the body is its result) or cancels it (`?cancel=true`). */
    end(context: RouteContext): Reply {
      const run = existing(context);
      if (context.query.get("cancel") === "true") workflows.cancel([run.runId]);
      else runs.end(run.runId, "RUN_SUCCESS", { response: context.rawBody.toString("utf8") });
      return ok();
    },
    /** Bulk cancel, by ids or by the documented filters. */
    cancelMany(context: RouteContext): Reply {
      refuseUnknownParameters(context.query, WORKFLOW_RUN_PARAMETERS);
      const selected = selectRuns(runs.all(), context.query).filter((run) => run.state === "RUN_STARTED");
      const ids = values(context.query, "workflowRunIds");
      const page = ids.length > 0 ? selected : selected.slice(0, count(context.query, BULK_PAGE, 1000));
      return ok({ cancelled: workflows.cancel(page.map((run) => run.runId)) });
    },
    /** The run's history, for the SDK's lazy fetch of a step it was not sent. */
    steps(context: RouteContext): Reply {
      const run = existing(context);
      if (run.state !== "RUN_STARTED") throw messagingErrors.runEnded(run.runId);
      return ok(
        runs.history(run.runId).map(({ messageId, body, callType }) => ({ messageId, body, callType })),
      );
    },
    logs(context: RouteContext): Reply {
      refuseUnknownParameters(context.query, WORKFLOW_RUN_PARAMETERS);
      const matching = selectRuns(runs.all(), context.query).sort((a, b) => b.createdAt - a.createdAt);
      const start = offset(context.query);
      const end = start + count(context.query, LOG_PAGE, 1000);
      return ok({
        cursor: end < matching.length ? String(end) : "",
        runs: logViews(parts, matching.slice(start, end)),
      });
    },
  };
}

/** `/v2/wait`, `/v2/notify` and `/v2/waiters`: runs waiting for events, and the events. */
export function eventWaitHandlers(waits: Waits) {
  const eventId = (context: RouteContext): string => {
    const id = context.params["eventId"] ?? "";
    if (id === "") throw messagingErrors.missingParameter("event id");
    return id;
  };
  return {
    /** `context.waitForEvent`: the run waits for the event. */
    wait(context: RouteContext): Reply {
      waits.wait(eventId(context), context.rawBody);
      return ok({});
    },
    /** `client.notify`: every run waiting for the event (or the one named) continues. */
    notify: (context: RouteContext) =>
      ok(waits.notify(eventId(context), context.rawBody, context.params["runId"])),
    waiters: (context: RouteContext) => ok(waits.waiters(eventId(context))),
  };
}

/** The filters the SDK's logs and cancel send: run ids, state, URL (exact or prefix), label, dates. */
function selectRuns(all: StoredRun[], query: URLSearchParams): StoredRun[] {
  const ids = [...values(query, "workflowRunIds"), ...values(query, "workflowRunId")];
  const states = values(query, "state");
  const urls = values(query, "workflowUrl");
  const exact = query.get("workflowUrlExactMatch") === "true";
  const labels = values(query, "label");
  const createdAt = query.get("workflowCreatedAt");
  const from = Number(query.get("fromDate") ?? 0);
  const to = Number(query.get("toDate") ?? Number.MAX_SAFE_INTEGER);
  return all.filter(
    (run) =>
      (ids.length === 0 || ids.includes(run.runId)) &&
      (states.length === 0 || states.includes(run.state)) &&
      (urls.length === 0 || urls.some((url) => (exact ? run.url === url : run.url.startsWith(url)))) &&
      (labels.length === 0 || (run.labels ?? []).some((label) => labels.includes(label))) &&
      (createdAt === null || String(run.createdAt) === createdAt) &&
      run.createdAt >= from &&
      run.createdAt <= to,
  );
}

function offset(query: URLSearchParams): number {
  const text = query.get("cursor") ?? "";
  const start = text === "" ? 0 : Number(text);
  if (!Number.isInteger(start) || start < 0) throw messagingErrors.invalidCursor(text);
  return start;
}

/** The logs of a page of runs; the messages still pending are read once for all of them. */
function logViews(parts: WorkflowRouteParts, page: StoredRun[]) {
  const running = new Set(page.filter((run) => run.state === "RUN_STARTED").map((run) => run.runId));
  const pending = new Map<string, PendingStep[]>();
  if (running.size > 0) {
    for (const message of parts.messages.all()) {
      const runId = message.workflow?.runId;
      if (runId === undefined || !running.has(runId)) continue;
      const step = { messageId: message.id, retried: message.retried, body: message.body };
      pending.set(runId, [...(pending.get(runId) ?? []), step]);
    }
  }
  return page.map((run) => {
    const waits = running.has(run.runId) ? parts.waiting(run.runId) : [];
    const view = runLogView(run, parts.runs.history(run.runId), pending.get(run.runId) ?? [], waits);
    const stalled = run.state === "RUN_STARTED" ? parts.stalled(run.runId) : undefined;
    // Not in the service's answer: the emulator says why a run does not move (the SDK passes it on).
    return stalled === undefined ? view : { ...view, stalledReason: stalled };
  });
}
