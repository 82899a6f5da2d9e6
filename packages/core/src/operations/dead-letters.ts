import type { MessagingClient } from "../clients/messaging-client.ts";
import { ConfigurationError } from "../errors/index.ts";
import { mapWithConcurrency } from "../lib/map-with-concurrency.ts";
import type { MessageFilter } from "../resources/dead-letters.ts";
import { validateQueueName } from "../schemas/inputs.ts";
import type { DlqMessage } from "../schemas/messages.ts";
import { hasUnsafeCharacter } from "../schemas/server-values.ts";
import type { CallOptions } from "../transport/call-options.ts";

/** DLQ messages without an answer whose delivery error is looked up in the logs, one request each. */
export const MAX_ERROR_LOOKUPS = 20;

/** Ids a bulk retry or delete names at once; the API's page size. */
const BATCH = 100;
/** A listing stops after this many messages: a DLQ that large is cleaned up by filter, in rounds. */
export const MAX_DLQ_MESSAGES = 10_000;

/** The names the caller knows the filters by (`--label`…), for messages. */
export interface FilterNames {
  labels: string;
  urls: string;
  queues: string;
  all: string;
}

/**
 * Checks a DLQ or log filter before anything is sent: queue names by the queue rule, URLs as
 * http(s) URLs, labels free of control characters. Returns it with blanks dropped.
 */
export function checkMessageFilter(filter: MessageFilter, names: FilterNames): MessageFilter {
  const clean = (values: readonly string[] | undefined) =>
    (values ?? []).map((value) => value.trim()).filter((value) => value !== "");
  const labels = clean(filter.labels);
  for (const label of labels) {
    if (hasUnsafeCharacter(label))
      throw new ConfigurationError(
        names.labels,
        `${names.labels} ${JSON.stringify(label)} holds a control character, "/" or "\\"`,
      );
  }
  const urls = clean(filter.urls);
  for (const url of urls) {
    if (!/^https?:\/\/[^\s]+$/.test(url))
      throw new ConfigurationError(
        names.urls,
        `${names.urls} must be an http(s) URL; got ${JSON.stringify(url)}`,
      );
  }
  const queues = clean(filter.queues).map((queue) => validateQueueName(queue, names.queues));
  return { labels, urls, queues };
}

/** A retry or delete of the whole DLQ must be asked for by name: no filter alone never means "all". */
export function requireSelection(filter: MessageFilter, all: boolean, names: FilterNames): void {
  const filtered = [filter.labels, filter.urls, filter.queues].some((list) => (list?.length ?? 0) > 0);
  if (filtered && all) throw new ConfigurationError(names.all, `give filters or ${names.all}, not both`);
  if (!filtered && !all) {
    throw new ConfigurationError(
      names.all,
      `say which DLQ messages: ${names.labels}, ${names.urls} or ${names.queues}, or ${names.all} for every one`,
    );
  }
}

/** The DLQ's messages matching the filter, page by page, at most MAX_DLQ_MESSAGES. */
export async function listDlqMessages(
  client: MessagingClient,
  input: CallOptions & { filter: MessageFilter },
): Promise<{ messages: DlqMessage[]; truncated: boolean }> {
  const call = { deadline: input.deadline, signal: input.signal };
  const messages: DlqMessage[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.dlq.list(input.filter, cursor, call);
    messages.push(...page.messages);
    cursor = page.cursor || undefined;
  } while (cursor !== undefined && messages.length < MAX_DLQ_MESSAGES);
  return { messages: messages.slice(0, MAX_DLQ_MESSAGES), truncated: cursor !== undefined };
}

/**
 * Whether a listed DLQ message is one `filter` selects, as the service documents its filters:
 * each filter given holds the message's value exactly (a label: its `label` or one of its
 * `labels`), and filters combine with AND. No filter selects every message.
 */
export function dlqMessageMatches(message: DlqMessage, filter: MessageFilter): boolean {
  const holds = (wanted: readonly string[] | undefined, ...values: (string | undefined)[]) =>
    (wanted?.length ?? 0) === 0 || values.some((value) => value !== undefined && wanted?.includes(value));
  return (
    holds(filter.urls, message.url) &&
    holds(filter.queues, message.queueName) &&
    holds(filter.labels, message.label, ...(message.labels ?? []))
  );
}

/** What a DLQ retry or delete acted on (or would, dry), and what it listed but left alone. */
export interface DlqActResult {
  messages: DlqMessage[];
  truncated: boolean;
  /** Listed, but not what the filter asks for (an answer that read a filter otherwise): left alone. */
  unmatched: DlqMessage[];
}

/**
 * Retries or deletes the DLQ messages the filter selects: listed first, each listed message
 * checked against the filter again, then named by id, 100 a request, so that what is acted on
 * is what was listed and asked for (and a dry run lists exactly that). A listing that holds
 * messages the filter does not select (a URL filter split at its commas) cannot widen a
 * destructive call: those are returned as `unmatched` and left alone.
 */
export async function actOnDlq(
  client: MessagingClient,
  input: CallOptions & { filter: MessageFilter; action: "retry" | "delete"; dryRun?: boolean },
): Promise<DlqActResult> {
  const listed = await listDlqMessages(client, input);
  const messages = listed.messages.filter((message) => dlqMessageMatches(message, input.filter));
  const unmatched = listed.messages.filter((message) => !dlqMessageMatches(message, input.filter));
  const result = { messages, truncated: listed.truncated, unmatched };
  if (input.dryRun) return result;
  const call = { deadline: input.deadline, signal: input.signal };
  const ids = messages.map((message) => message.dlqId);
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    if (input.action === "retry") await client.dlq.retry(batch, call);
    else await client.dlq.delete(batch, call);
  }
  return result;
}

/**
 * Why DLQ messages have no response status: the destination never answered (refused, DNS, a
 * timeout), which the DLQ does not say and the logs do. The error of each one's latest failed
 * delivery, by message id: the first MAX_ERROR_LOOKUPS of them, 4 requests at a time.
 */
export async function lastDeliveryErrors(
  client: MessagingClient,
  messages: readonly DlqMessage[],
  call: CallOptions,
): Promise<Map<string, string>> {
  const unanswered = messages.filter((message) => message.responseStatus === undefined);
  const ids = [...new Set(unanswered.map((message) => message.messageId))].slice(0, MAX_ERROR_LOOKUPS);
  const errors = await mapWithConcurrency(ids, 4, (id) => client.logs.lastError(id, call));
  const found = new Map<string, string>();
  ids.forEach((id, i) => {
    const error = errors[i];
    if (error !== undefined && error !== "") found.set(id, error);
  });
  return found;
}
