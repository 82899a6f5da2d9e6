import { messagingErrors } from "../errors.ts";

/**
 * The query parameters each list or bulk route of the messaging API takes: the document's, and
 * those the official SDKs send. Any other name is refused with a 400 that names it before the
 * route reads or changes anything: the service answers an unknown filter with an error, and a
 * misspelt filter that were ignored would turn `DELETE /v2/dlq?labeel=x` into "delete all".
 */

/** The credential (`?qstash_token=`), which any route may carry. */
const CREDENTIAL = ["qstash_token"] as const;

/** What a message is and where it went: the filters of the DLQ, bulk cancel and logs alike. */
const MESSAGE_FILTERS = [
  "messageId",
  "url",
  "topicName",
  "scheduleId",
  "queueName",
  "label",
  "flowControlKey",
  "callerIp",
  // The document's message field is spelt `callerIP`; accepted as a filter too.
  "callerIP",
  "fromDate",
  "toDate",
  // Filtered messages to an LLM API once; the SDK marks it removed, the service ignores it.
  "api",
] as const;

/** The destination URL's host and path: bulk cancel and logs take them, the DLQ does not. */
const DESTINATION_FILTERS = ["host", "path"] as const;

/** `GET /v2/dlq`, `DELETE /v2/dlq`, `POST /v2/dlq/retry`. */
export const DLQ_PARAMETERS: readonly string[] = [
  ...MESSAGE_FILTERS,
  "responseStatus",
  "dlqIds",
  "cursor",
  "count",
  "order",
  // The Workflow SDK lists its runs' entries here (`source=workflow`) with its own filters.
  "source",
  "workflowRunId",
  "workflowUrl",
  "workflowCreatedAt",
  "failureFunctionState",
];

/** `DELETE /v2/messages`: no cursor (it cancels every match at once); `count` is the SDK's. */
export const CANCEL_PARAMETERS: readonly string[] = [
  ...MESSAGE_FILTERS,
  ...DESTINATION_FILTERS,
  "messageIds",
  "count",
];

/** `GET /v2/logs` and `GET /v2/events`. */
export const LOG_PARAMETERS: readonly string[] = [
  ...MESSAGE_FILTERS,
  ...DESTINATION_FILTERS,
  "state",
  "messageIds",
  "cursor",
  "count",
  "order",
];

/**
 * `GET /v2/workflows/events` (run logs) and `DELETE /v2/workflows/runs` (bulk cancel): the
 * filters the emulator applies. The Workflow SDK can also send `callerIp`, `flowControlKey` and
 * `messageId`, which it does not: they are refused rather than ignored, since an ignored filter
 * on a bulk cancel would cancel every run.
 */
export const WORKFLOW_RUN_PARAMETERS: readonly string[] = [
  "workflowRunIds",
  "workflowRunId",
  "state",
  "workflowUrl",
  "workflowUrlExactMatch",
  "label",
  "workflowCreatedAt",
  "fromDate",
  "toDate",
  "cursor",
  "count",
  // The SDK asks for its logs grouped by run, which is how they are answered anyway.
  "groupBy",
];

/** A 400 naming the first parameter that `known` does not list; nothing has been read or changed yet. */
export function refuseUnknownParameters(query: URLSearchParams, known: readonly string[]): void {
  for (const name of new Set(query.keys())) {
    if (known.includes(name) || (CREDENTIAL as readonly string[]).includes(name)) continue;
    throw messagingErrors.unknownParameter(
      clipped(name),
      known.filter((n) => n !== "api"),
    );
  }
}

/** A parameter name echoed in an error, cut short: it may be kilobytes long. */
function clipped(name: string): string {
  return name.length > 40 ? `${name.slice(0, 40)}…` : name;
}
