import { ConfigurationError } from "../errors/index.ts";
import type { PutScheduleInput } from "./schedules.ts";

/**
 * How a schedule goes on the wire, as the official SDK sends it: the destination in the path
 * (a URL as it is, its query string as the request's), every setting an `Upstash-*` header, and
 * each header for the destination as `Upstash-Forward-<name>` (`Content-Type` as itself).
 */
export function scheduleRequestParts(input: PutScheduleInput): {
  destinationPath: string;
  rawQuery: string | undefined;
  headers: Record<string, string>;
} {
  const headers: Record<string, string> = {
    "upstash-cron": input.cron,
    "upstash-schedule-id": input.scheduleId,
  };
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined) headers[name] = String(value);
  };
  set("upstash-method", input.method);
  set("upstash-retries", input.retries);
  set("upstash-retry-delay", input.retryDelay);
  set("upstash-delay", input.delay);
  set("upstash-timeout", input.timeout);
  set("upstash-callback", input.callback);
  set("upstash-failure-callback", input.failureCallback);
  set("upstash-queue-name", input.queueName);
  if (input.flowControl) {
    const { key, parallelism, rate, period } = input.flowControl;
    const parts = [
      parallelism === undefined ? undefined : `parallelism=${parallelism}`,
      rate === undefined ? undefined : `rate=${rate}`,
      period === undefined ? undefined : `period=${period}`,
    ].filter((part) => part !== undefined);
    set("upstash-flow-control-key", key);
    set("upstash-flow-control-value", parts.join(", "));
  }
  if (input.labels && input.labels.length > 0) set("upstash-label", input.labels.join(","));
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    const lower = name.toLowerCase();
    headers[lower === "content-type" ? lower : `upstash-forward-${lower}`] = value;
  }
  return { ...destinationParts(input.destination), headers };
}

/** `https://app/hook?x=1` goes as the path `https://app/hook` and the query `x=1`; a URL group's name as a path segment. */
function destinationParts(destination: string): { destinationPath: string; rawQuery: string | undefined } {
  if (!/^https?:\/\//.test(destination)) {
    return { destinationPath: encodeURIComponent(destination), rawQuery: undefined };
  }
  if (/[\s#\p{Cc}]/u.test(destination)) {
    throw new ConfigurationError(
      "destination",
      "a schedule's destination must not contain whitespace, control characters or #",
    );
  }
  const at = destination.indexOf("?");
  return at < 0
    ? { destinationPath: destination, rawQuery: undefined }
    : { destinationPath: destination.slice(0, at), rawQuery: destination.slice(at + 1) };
}
