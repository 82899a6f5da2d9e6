import type { Route } from "../../http/api.ts";
import { del, get, patch, post, put, withTrailingSlashes } from "../../http/route-table.ts";
import type { MessagingEngine } from "../engine/messaging-engine.ts";
import { WorkflowDlq } from "../engine/workflow/workflow-dlq.ts";
import { dlqHandlers } from "./dlq-routes.ts";
import { eventHandlers } from "./event-routes.ts";
import { flowControlHandlers } from "./flow-control-routes.ts";
import { keyHandlers } from "./key-routes.ts";
import { messageHandlers } from "./message-routes.ts";
import { publishHandlers } from "./publish-routes.ts";
import { queueHandlers } from "./queue-routes.ts";
import { scheduleHandlers } from "./schedule-routes.ts";
import { urlGroupHandlers } from "./url-group-routes.ts";
import { WEBHOOK_PATTERN, webhookHandler } from "./webhook-routes.ts";
import { workflowDlqHandlers } from "./workflow-dlq-routes.ts";
import { eventWaitHandlers, workflowHandlers } from "./workflow-routes.ts";

/**
 * The messaging API's route table. Order matters where patterns overlap: literal paths before
 * `:param`, `…/pause` before `*destination`. Each path but the `*destination` ones is also
 * answered with one trailing slash.
 */
// size: table
export function messagingRoutes(engine: MessagingEngine): Route<undefined>[] {
  const { queues, published, groups, messages, events, dlq, schedules, flowControl, keys } =
    messagingHandlers(engine);
  // A plan's message size, when it is larger than the default 1 MiB a request body may have.
  const planned = engine.plan.bodyLimit;
  const bodyLimit = planned === undefined ? {} : { bodyLimit: planned };
  // The service answers its paths with one trailing slash too (`POST /v2/queues/`).
  return withTrailingSlashes([
    post("/v2/queues", queues.upsert),
    get("/v2/queues", queues.list),
    get("/v2/queues/:name", queues.get),
    del("/v2/queues/:name", queues.remove),
    post("/v2/queues/:name/pause", queues.pause),
    post("/v2/queues/:name/resume", queues.resume),
    post("/v2/enqueue/:name/*destination", published.enqueue, bodyLimit),
    post("/v2/publish/*destination", published.publishOne, bodyLimit),
    post("/v2/batch", published.batch, bodyLimit),
    get("/v2/messages/:id", messages.get),
    del("/v2/messages/:id", messages.cancel),
    del("/v2/messages", messages.cancelMany),
    get("/v2/dlq", dlq.list),
    del("/v2/dlq", dlq.removeMany),
    post("/v2/dlq/retry", dlq.retryMany),
    post("/v2/dlq/retry/:id", dlq.retry),
    get("/v2/dlq/:id", dlq.get),
    del("/v2/dlq/:id", dlq.removeOne),
    get("/v2/schedules", schedules.list),
    get("/v2/schedules/:id", schedules.get),
    del("/v2/schedules/:id", schedules.remove),
    // The document says POST; the official SDK sends PATCH. Both work.
    post("/v2/schedules/:id/pause", schedules.pause),
    patch("/v2/schedules/:id/pause", schedules.pause),
    post("/v2/schedules/:id/resume", schedules.resume),
    patch("/v2/schedules/:id/resume", schedules.resume),
    post("/v2/schedules/*destination", schedules.create, bodyLimit),
    get("/v2/globalParallelism", flowControl.global),
    get("/v2/flowControl", flowControl.list),
    get("/v2/flowControl/:key", flowControl.get),
    post("/v2/flowControl/:key/pause", flowControl.pause),
    post("/v2/flowControl/:key/resume", flowControl.resume),
    post("/v2/flowControl/:key/pin", flowControl.pin),
    post("/v2/flowControl/:key/unpin", flowControl.unpin),
    post("/v2/flowControl/:key/resetRate", flowControl.resetRate),
    get("/v2/logs", events.logs),
    get("/v2/events", events.events),
    post("/v2/topics/:name/endpoints", groups.addEndpoints),
    del("/v2/topics/:name/endpoints", groups.removeEndpoints),
    get("/v2/topics", groups.list),
    get("/v2/topics/:name", groups.get),
    del("/v2/topics/:name", groups.remove),
    get("/v2/keys", keys.get),
    post("/v2/keys/rotate", keys.rotate),
    ...workflowRoutes(engine),
  ]);
}

/** The handlers of the messaging routes, over the engine's parts. */
function messagingHandlers(engine: MessagingEngine) {
  const { stores, clock, delivery, publish, urlGroups } = engine;
  return {
    queues: queueHandlers(stores.queues, stores.messages, delivery, clock),
    published: publishHandlers(publish, urlGroups, stores.messages, engine.plan),
    groups: urlGroupHandlers(urlGroups, () => clock.now()),
    messages: messageHandlers(stores.messages, engine.events),
    events: eventHandlers(engine.eventStore),
    dlq: dlqHandlers(stores.dlq, publish, engine.runs),
    schedules: scheduleHandlers(stores.schedules, clock, engine.scheduler, engine.plan),
    flowControl: flowControlHandlers({ clock, flow: engine.flow, messages: stores.messages, delivery }),
    keys: keyHandlers(stores.signingKeys, engine.signingKeys),
  };
}

/** Upstash Workflow's routes: runs, their logs, event waits, and the workflow DLQ. */
function workflowRoutes(engine: MessagingEngine): Route<undefined>[] {
  const { runs, publish, harness } = engine;
  const { messages, dlq } = engine.stores;
  const workflows = workflowHandlers({
    runs,
    workflows: engine.workflows,
    messages,
    stalled: (runId) => harness.summary(runId).stalled,
    waiting: (runId) => engine.workflowStores.waits.forRun(runId),
  });
  const waits = eventWaitHandlers(engine.waits);
  const workflowDlq = workflowDlqHandlers(new WorkflowDlq({ dlq, runs, publish }));
  const hook = webhookHandler(engine.waits, runs);
  return [
    ...[get, post, put, patch, del].map((method) => method(WEBHOOK_PATTERN, hook, { writes: true })),
    del("/v2/workflows/runs", workflows.cancelMany),
    get("/v2/workflows/runs/:id", workflows.steps),
    del("/v2/workflows/runs/:id", workflows.end),
    get("/v2/workflows/events", workflows.logs),
    post("/v2/wait/:eventId", waits.wait),
    post("/v2/notify/:eventId", waits.notify),
    post("/v2/notify/:runId/:eventId", waits.notify),
    get("/v2/waiters/:eventId", waits.waiters),
    post("/v2/workflows/dlq/resume", workflowDlq.resume),
    post("/v2/workflows/dlq/restart", workflowDlq.restart),
    post("/v2/workflows/dlq/callback/:id", workflowDlq.callback),
    del("/v2/workflows/dlq", workflowDlq.remove),
  ];
}
