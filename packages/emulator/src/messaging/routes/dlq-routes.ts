import type { RouteContext } from "../../http/api.ts";
import { ok, type Reply } from "../../http/reply.ts";
import { retriedMessage } from "../engine/dlq-retry.ts";
import { type HeaderBag, readMessageHeaders } from "../engine/message-headers.ts";
import type { Publish, PublishAnswer } from "../engine/publisher.ts";
import { messagingErrors } from "../errors.ts";
import type { DlqStore, StoredDlqMessage } from "../records/dlq-store.ts";
import { type RunLookup, selectEntries } from "./dlq-selection.ts";
import { dlqView } from "./message-views.ts";

/** The dead letter queue: list, get, delete and retry, one by one or in bulk. */
export function dlqHandlers(store: DlqStore, publish: Publish, runs: RunLookup) {
  const existing = (context: RouteContext) => existingEntry(store, context);
  const selection = (context: RouteContext) => selectEntries(store, runs, context);
  const view = (entry: StoredDlqMessage) => dlqEntryView(entry, runs);
  const remove = (entries: StoredDlqMessage[]) => {
    for (const entry of entries) store.remove(entry.dlqId);
  };
  const retryOne = (entry: StoredDlqMessage, context: RouteContext) => retryEntry(publish, entry, context);
  return {
    list(context: RouteContext): Reply {
      const { entries, cursor } = selection(context);
      return ok({ messages: entries.map(view), ...cursor });
    },
    get: (context: RouteContext) => ok(view(existing(context))),
    removeOne(context: RouteContext): Reply {
      remove([existing(context)]);
      return ok();
    },
    removeMany(context: RouteContext): Reply {
      const { entries, cursor } = selection(context);
      remove(entries);
      return ok({ deleted: entries.length, ...cursor });
    },
    retry(context: RouteContext): Reply {
      const entry = existing(context);
      const answer = retryOne(entry, context);
      remove([entry]);
      return { status: 201, json: answer };
    },
    retryMany(context: RouteContext): Reply {
      const { entries, cursor } = selection(context);
      const responses = entries.map((entry) => retryOne(entry, context));
      remove(entries);
      return { status: 201, json: { responses, ...cursor } };
    },
  };
}

function existingEntry(store: DlqStore, context: RouteContext): StoredDlqMessage {
  const dlqId = context.params["id"] ?? "";
  const entry = store.get(dlqId);
  if (!entry) throw messagingErrors.notFound("DLQ message", dlqId);
  return entry;
}

/**
 * The document's `DLQMessage`; a workflow run's entry adds what the Workflow SDK's `DLQMessage`
 * has: the run's id, URL and creation time, and how its failure callback went.
 */
function dlqEntryView(entry: StoredDlqMessage, runs: RunLookup): Record<string, unknown> {
  const runId = entry.message.workflow?.runId;
  if (runId === undefined) return dlqView(entry);
  const run = runs.get(runId);
  const info = entry.failureCallbackInfo;
  return {
    ...dlqView(entry),
    workflowRunId: runId,
    ...(run === undefined ? {} : { workflowUrl: run.url, workflowCreatedAt: run.createdAt }),
    ...(info === undefined ? {} : { failureCallbackInfo: info }),
  };
}

/** A new message with the same body and headers; request headers override its settings. */
function retryEntry(publish: Publish, entry: StoredDlqMessage, context: RouteContext): PublishAnswer {
  return publish(retriedMessage(entry, readMessageHeaders(context.req.headers as HeaderBag)));
}
