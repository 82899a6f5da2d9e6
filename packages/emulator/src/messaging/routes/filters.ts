import { messagingErrors } from "../errors.ts";
import type { StoredMessage } from "../records/message-record.ts";

/**
 * The documented filters of the DLQ and bulk-cancel endpoints. A multi-value filter matches a
 * message whose value equals any of the values, given repeated (`label=a&label=b`) or comma
 * separated (`label=a,b`; not a URL's, see `WHOLE_VALUES`); filters combine with AND.
 */
export interface MessageFilter {
  matches(message: StoredMessage, extra?: { responseStatus?: number; at?: number }): boolean;
  /** Whether the request named anything to filter on at all. */
  empty: boolean;
}

/**
 * Filters whose values are URLs, read whole as the service reads them: a URL may hold commas
 * (`?ids=1,2`), so several are given by repeating the parameter (as the SDK sends them).
 */
const WHOLE_VALUES: readonly string[] = ["url", "workflowUrl"];

export function values(query: URLSearchParams, name: string): string[] {
  const whole = WHOLE_VALUES.includes(name);
  return query
    .getAll(name)
    .flatMap((value) => (whole ? [value] : value.split(",")))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

/** A Unix time in milliseconds (`fromDate`, `toDate`); a 400 naming the parameter otherwise. */
export function date(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null || text === "") return undefined;
  if (!/^\d+$/.test(text))
    throw messagingErrors.invalidParameter(name, `must be a Unix time in milliseconds, got "${text}"`);
  return Number(text);
}

export function messageFilter(query: URLSearchParams): MessageFilter {
  const messageId = query.get("messageId") ?? undefined;
  const urls = values(query, "url");
  const topics = values(query, "topicName");
  const schedules = values(query, "scheduleId");
  const queues = values(query, "queueName");
  const labels = values(query, "label");
  const flowKeys = values(query, "flowControlKey");
  const callerIps = [...values(query, "callerIp"), ...values(query, "callerIP")];
  const statuses = values(query, "responseStatus").map(Number);
  const hosts = values(query, "host");
  const paths = values(query, "path");
  const from = date(query, "fromDate");
  const to = date(query, "toDate");
  const destination = destinationFilter(hosts, paths);
  const any = (wanted: readonly (string | number)[], value: string | number | undefined) =>
    wanted.length === 0 || (value !== undefined && wanted.includes(value));
  const empty =
    messageId === undefined &&
    [urls, topics, schedules, queues, labels, flowKeys, callerIps, statuses, hosts, paths].every(
      (list) => list.length === 0,
    ) &&
    from === undefined &&
    to === undefined;
  return {
    empty,
    matches(message, extra = {}) {
      const at = extra.at ?? message.createdAt;
      return (
        (messageId === undefined || message.id === messageId) &&
        any(urls, message.destination) &&
        any(topics, message.topicName) &&
        any(schedules, message.scheduleId) &&
        any(queues, message.queueName) &&
        (labels.length === 0 || (message.labels ?? []).some((label) => labels.includes(label))) &&
        any(flowKeys, message.flowControlKey) &&
        any(callerIps, message.callerIp) &&
        any(statuses, extra.responseStatus) &&
        destination(message.destination) &&
        (from === undefined || at >= from) &&
        (to === undefined || at <= to)
      );
    },
  };
}

/**
 * Whether a destination URL has one of the `host` values (with or without its port) and one of
 * the `path` values; no values, no condition.
 */
export function destinationFilter(
  hosts: readonly string[],
  paths: readonly string[],
): (url: string) => boolean {
  if (hosts.length === 0 && paths.length === 0) return () => true;
  return (destination) => {
    if (!URL.canParse(destination)) return false;
    const url = new URL(destination);
    return (
      (hosts.length === 0 || hosts.includes(url.host) || hosts.includes(url.hostname)) &&
      (paths.length === 0 || paths.includes(url.pathname))
    );
  };
}

/** `count`, between 1 and `max`; `fallback` when absent. */
export function count(query: URLSearchParams, fallback: number, max: number): number {
  const text = query.get("count");
  if (text === null || text === "") return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > max) {
    throw messagingErrors.invalidParameter("count", `must be a whole number from 1 to ${max}, got "${text}"`);
  }
  return value;
}
