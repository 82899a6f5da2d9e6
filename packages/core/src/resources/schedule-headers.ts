import { destinationParts } from "./destination-parts.ts";

/** A schedule to create, or to overwrite when one with its id exists. */
export interface PutScheduleInput {
  /** Sent as `Upstash-Schedule-Id`: the same id again updates that schedule in place. */
  scheduleId: string;
  /** A URL, or the name of a URL group. */
  destination: string;
  cron: string;
  method?: string;
  /** The message's body, sent as it is. */
  body?: string;
  /** Headers the destination receives (`Content-Type` among them), by name. */
  headers?: Readonly<Record<string, string>>;
  retries?: number;
  /** `Upstash-Retry-Delay`, an expression of `retried`. */
  retryDelay?: string;
  /** `50s`, `10m`, `1d`: each message waits this long. */
  delay?: string;
  timeout?: string;
  callback?: string;
  failureCallback?: string;
  queueName?: string;
  flowControl?: { key: string; parallelism?: number; rate?: number; period?: string };
  labels?: readonly string[];
}

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
