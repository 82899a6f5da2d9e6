import type { Route, RouteContext } from "../http/api.ts";
import { ok, type Reply } from "../http/reply.ts";
import { del, get, post } from "../http/route-table.ts";
import { RUN_STATES, type RunState } from "../messaging/records/workflow-records.ts";
import type { EmulatorControls } from "./controls.ts";
import { controlErrors } from "./errors.ts";
import { checkedRunImport } from "./run-import-request.ts";

type Levers = Pick<
  EmulatorControls,
  "workflows" | "failDestination" | "destinationFaults" | "clearDestinationFaults"
>;

/**
 * The Workflow testing API and destination faults over the control API (what `emulator.workflows`
 * and `failDestination` do in code):
 *
 *   POST   /workflows/runs                {url, body?, headers?, workflowRunId?} → {workflowRunId}
 *   POST   /workflows/runs/import         a run as far as it got (replay): {workflowRunId, url,
 *                                         payload, steps, next?, headers?, retries?, labels?}
 *   GET    /workflows/runs?state=…        summaries (state, and why a run is not moving)
 *   GET    /workflows/runs/:id            one summary          GET /workflows/runs/:id/steps
 *   POST   /workflows/runs/:id/settle     {timeoutMs?}: let it go, then its summary
 *   POST   /destination-faults            {destination, times, status?, body?}
 *   GET    /destination-faults            those still to happen     DELETE: clear them
 */
export function workflowControlRoutes(levers: Levers, at: (path: string) => string): Route<undefined>[] {
  const lever = { writes: false };
  const { workflows } = levers;
  return [
    post(at("/workflows/runs"), (c) => ok(startRun(levers, c)), lever),
    // A request that writes, as one unit: a refused import leaves no half-made run behind.
    post(at("/workflows/runs/import"), (c) => ok(workflows.import(checkedRunImport(jsonObject(c))))),
    get(at("/workflows/runs"), (c) => ok(workflows.list(stateFilter(c)))),
    get(at("/workflows/runs/:id"), (c) => ok(workflows.summary(runId(c)))),
    get(at("/workflows/runs/:id/steps"), (c) => ok(workflows.steps(runId(c)))),
    post(
      at("/workflows/runs/:id/settle"),
      async (c) => ok(await workflows.settle(runId(c), timeout(c))),
      lever,
    ),
    post(at("/destination-faults"), (c) => addFault(levers, c), lever),
    get(at("/destination-faults"), () => ok(levers.destinationFaults())),
    del(
      at("/destination-faults"),
      () => {
        levers.clearDestinationFaults();
        return ok(levers.destinationFaults());
      },
      lever,
    ),
  ];
}

function startRun(levers: Levers, context: RouteContext) {
  const body = jsonObject(context);
  const { url, headers, workflowRunId } = body;
  if (typeof url !== "string" || !/^https?:\/\//.test(url))
    throw controlErrors.invalidRequest("url must be an http(s) URL");
  if (headers !== undefined && !isStringMap(headers))
    throw controlErrors.invalidRequest("headers must be an object of strings");
  if (workflowRunId !== undefined && (typeof workflowRunId !== "string" || workflowRunId === "")) {
    throw controlErrors.invalidRequest("workflowRunId must be a non-empty string");
  }
  return levers.workflows.start(url, {
    ...(body["body"] === undefined ? {} : { body: body["body"] }),
    ...(headers === undefined ? {} : { headers: headers as Record<string, string> }),
    ...(workflowRunId === undefined ? {} : { workflowRunId: workflowRunId as string }),
  });
}

function addFault(levers: Levers, context: RouteContext): Reply {
  levers.failDestination(jsonObject(context) as never);
  return ok(levers.destinationFaults());
}

function stateFilter(context: RouteContext): { state?: RunState } {
  const state = context.query.get("state");
  if (state === null) return {};
  if (!(RUN_STATES as readonly string[]).includes(state)) {
    throw controlErrors.invalidRequest(`state must be one of ${RUN_STATES.join(", ")}`);
  }
  return { state: state as RunState };
}

function timeout(context: RouteContext): { timeoutMs?: number } {
  if (context.rawBody.length === 0) return {};
  const { timeoutMs } = jsonObject(context);
  if (timeoutMs === undefined) return {};
  if (typeof timeoutMs !== "number" || !Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
    throw controlErrors.invalidRequest("timeoutMs must be a whole number of 1 or more");
  }
  return { timeoutMs };
}

function runId(context: RouteContext): string {
  return context.params["id"] ?? "";
}

function isStringMap(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === "string")
  );
}

function jsonObject(context: RouteContext): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(context.rawBody.toString("utf8") || "{}");
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw controlErrors.invalidRequest("body must be a JSON object");
}
