import { HttpError } from "../../http/errors.ts";
import { messagingErrors } from "../errors.ts";
import type { FlowControlLimits, RedactFields } from "../records/message-record.ts";
import { retryDelayExpression } from "./delivery/backoff.ts";
import { checkedUrl } from "./destination.ts";
import { isTimeInRange, parseDuration } from "./durations.ts";
import { readRedactFields } from "./redaction.ts";

/** Request headers by lower-case name, as node:http gives them or a batch entry lists them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const FORWARD_PREFIX = "upstash-forward-";

/**
 * The message settings a publish, enqueue, batch entry, schedule or DLQ retry carries in its
 * `Upstash-*` headers. A field is present only when its header was sent, so a DLQ retry can
 * override just what the caller gave.
 */
export interface MessageHeaders {
  method?: string;
  /** `Upstash-Forward-*` (prefix stripped) and `Content-Type`: what the destination receives. */
  forwarded: Record<string, string>;
  retries?: number;
  /** Absolute time (ms) from `Upstash-Not-Before`, which wins over the delay. */
  notBefore?: number;
  /** From `Upstash-Delay`: counted from the moment the message is accepted. */
  delayMs?: number;
  timeoutMs?: number;
  retryDelayExpression?: string;
  labels?: string[];
  flowControlKey?: string;
  flowControl?: FlowControlLimits;
  deduplicationId?: string;
  contentBasedDeduplication: boolean;
  queueName?: string;
  scheduleId?: string;
  cron?: string;
  /** `Upstash-Callback`: called with the answer of every delivery attempt. */
  callback?: FollowUp;
  /** `Upstash-Failure-Callback`: called once, when the message lands in the DLQ. */
  failureCallback?: FollowUp;
  /** The `Upstash-Workflow-*` headers of a workflow step, trigger or callback. */
  workflow?: WorkflowHeaders;
  /** `Upstash-Redact-Fields`: what the API shows hashed. */
  redact?: RedactFields;
}

/**
 * Where a callback goes and its own settings: the headers sent with the `Upstash-Callback-`
 * (or `Upstash-Failure-Callback-`) prefix, read back as `Upstash-*` headers, so that
 * `Upstash-Callback-Forward-X` is forwarded as `X` and `Upstash-Callback-Retries` retries it.
 */
export interface FollowUp {
  url: string;
  headers: Record<string, string>;
}

export interface WorkflowHeaders {
  runId: string;
  /** `Upstash-Workflow-Init: true`: the message that starts the run. */
  init: boolean;
  /** `Upstash-Workflow-Invoke: true`: `context.invoke` starting another workflow. */
  invoke: boolean;
  url?: string;
  /** `step` (the default), `toCallback`, `fromCallback` or `failureCall`. */
  callType: string;
}

export function lowerCaseHeaders(headers: Record<string, unknown>): HeaderBag {
  const bag: HeaderBag = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === "string") bag[name.toLowerCase()] = value;
  }
  return bag;
}

/** The most retries a message may ask for; a larger count is a typo or an attack, not a plan. */
export const MAX_RETRIES = 100;

/** A header value echoed in an error, cut short: it may be kilobytes long. */
function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

function single(bag: HeaderBag, name: string): string | undefined {
  const value = bag[name];
  const text = Array.isArray(value) ? value.join(", ") : value;
  return text === undefined ? undefined : text.trim();
}

export function readMessageHeaders(bag: HeaderBag): MessageHeaders {
  const read: MessageHeaders = { forwarded: forwardedHeaders(bag), contentBasedDeduplication: false };
  readDelivery(bag, read);
  readGrouping(bag, read);
  readFollowUps(bag, read);
  const redact = readRedactFields(single(bag, "upstash-redact-fields"));
  if (redact !== undefined) read.redact = redact;
  return read;
}

/** Callbacks, failure callbacks and the workflow headers. */
function readFollowUps(bag: HeaderBag, read: MessageHeaders): void {
  const callback = followUp(bag, "upstash-callback");
  if (callback !== undefined) read.callback = callback;
  const failureCallback = followUp(bag, "upstash-failure-callback");
  if (failureCallback !== undefined) read.failureCallback = failureCallback;
  const runId = single(bag, "upstash-workflow-runid");
  if (runId !== undefined && runId !== "") {
    const url = single(bag, "upstash-workflow-url");
    read.workflow = {
      runId,
      init: single(bag, "upstash-workflow-init") === "true",
      invoke: single(bag, "upstash-workflow-invoke") === "true",
      callType: single(bag, "upstash-workflow-calltype") || "step",
      ...(url === undefined || url === "" ? {} : { url }),
    };
  }
}

function followUp(bag: HeaderBag, name: string): FollowUp | undefined {
  const url = single(bag, name);
  if (url === undefined || url === "") return undefined;
  const prefix = `${name}-`;
  const headers: Record<string, string> = {};
  for (const key of Object.keys(bag)) {
    const value = single(bag, key);
    if (key.startsWith(prefix) && value !== undefined) headers[`upstash-${key.slice(prefix.length)}`] = value;
  }
  try {
    return { url: checkedUrl(url), headers };
  } catch (error) {
    if (error instanceof HttpError) throw messagingErrors.inHeader(canonical(name), error);
    throw error;
  }
}

function canonical(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** How and when it is delivered: method, retries, delay, not-before, timeout, retry delay. */
function readDelivery(bag: HeaderBag, read: MessageHeaders): void {
  const method = single(bag, "upstash-method");
  if (method !== undefined) {
    const upper = method.toUpperCase();
    if (!(METHODS as readonly string[]).includes(upper)) {
      throw messagingErrors.invalidHeader(
        "Upstash-Method",
        `must be one of ${METHODS.join(", ")}, got "${method}"`,
      );
    }
    read.method = upper;
  }

  const retries = single(bag, "upstash-retries");
  if (retries !== undefined) {
    if (!/^\d+$/.test(retries) || Number(retries) > MAX_RETRIES) {
      throw messagingErrors.invalidHeader(
        "Upstash-Retries",
        `must be a whole number from 0 to ${MAX_RETRIES}, got "${clip(retries)}"`,
      );
    }
    read.retries = Number(retries);
  }
  readTiming(bag, read);

  const retryDelay = single(bag, "upstash-retry-delay");
  if (retryDelay !== undefined && retryDelay !== "") {
    retryDelayExpression(retryDelay);
    read.retryDelayExpression = retryDelay;
  }
}

/** When it is delivered and how long the destination may take: delay, not-before, timeout. */
function readTiming(bag: HeaderBag, read: MessageHeaders): void {
  const delay = single(bag, "upstash-delay");
  if (delay !== undefined) {
    const ms = parseDuration(delay);
    if (ms === undefined) {
      throw messagingErrors.invalidHeader(
        "Upstash-Delay",
        `must look like 50s, 10m, 2h, 1d or 1d10h30m (no longer than a date can hold), got "${clip(delay)}"`,
      );
    }
    read.delayMs = ms;
  }

  const notBefore = single(bag, "upstash-not-before");
  if (notBefore !== undefined) {
    if (!/^\d+$/.test(notBefore) || !isTimeInRange(Number(notBefore) * 1000)) {
      throw messagingErrors.invalidHeader(
        "Upstash-Not-Before",
        `must be a Unix time in seconds that a date can hold, got "${clip(notBefore)}"`,
      );
    }
    // Documented: when both are given, Upstash-Not-Before takes precedence.
    read.notBefore = Number(notBefore) * 1000;
  }

  const timeout = single(bag, "upstash-timeout");
  if (timeout !== undefined) {
    const ms = parseDuration(timeout);
    if (ms === undefined || ms === 0) {
      throw messagingErrors.invalidHeader(
        "Upstash-Timeout",
        `must look like 5s, 2m or 1h, got "${clip(timeout)}"`,
      );
    }
    read.timeoutMs = ms;
  }
}

/** What it belongs to: labels, flow-control key, deduplication, queue, schedule. */
function readGrouping(bag: HeaderBag, read: MessageHeaders): void {
  const label = single(bag, "upstash-label");
  if (label !== undefined) {
    const labels = label
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "");
    if (labels.length > 0) read.labels = labels;
  }

  const flowKey = single(bag, "upstash-flow-control-key");
  if (flowKey !== undefined && flowKey !== "") {
    read.flowControlKey = flowKey;
    read.flowControl = parseFlowControlValue(single(bag, "upstash-flow-control-value") ?? "");
  }

  const deduplicationId = single(bag, "upstash-deduplication-id");
  if (deduplicationId !== undefined && deduplicationId !== "") read.deduplicationId = deduplicationId;
  const contentBased = single(bag, "upstash-content-based-deduplication");
  if (contentBased !== undefined && contentBased !== "true" && contentBased !== "false") {
    throw messagingErrors.invalidHeader(
      "Upstash-Content-Based-Deduplication",
      `must be true or false, got "${contentBased}"`,
    );
  }
  read.contentBasedDeduplication = contentBased === "true";

  const queueName = single(bag, "upstash-queue-name");
  if (queueName !== undefined && queueName !== "") read.queueName = queueName;
  const scheduleId = single(bag, "upstash-schedule-id");
  if (scheduleId !== undefined && scheduleId !== "") read.scheduleId = scheduleId;
  const cron = single(bag, "upstash-cron");
  if (cron !== undefined && cron !== "") read.cron = cron;
}

function forwardedHeaders(bag: HeaderBag): Record<string, string> {
  const forwarded: Record<string, string> = {};
  const contentType = single(bag, "content-type");
  if (contentType !== undefined && contentType !== "") forwarded["content-type"] = contentType;
  for (const name of Object.keys(bag)) {
    if (!name.startsWith(FORWARD_PREFIX) || name.length === FORWARD_PREFIX.length) continue;
    const value = single(bag, name);
    if (value !== undefined) forwarded[name.slice(FORWARD_PREFIX.length)] = value;
  }
  return forwarded;
}

/** `parallelism=<n>, rate=<n>, period=<duration or seconds>`, each part optional. */
export function parseFlowControlValue(text: string): FlowControlLimits {
  const limits: FlowControlLimits = {};
  for (const part of text.split(",")) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    const [name = "", value = ""] = trimmed.split("=").map((side) => side.trim());
    if (name === "period") {
      const ms = parseDuration(value);
      if (ms === undefined || ms < 1000) {
        throw messagingErrors.invalidHeader(
          "Upstash-Flow-Control-Value",
          `period must be a duration such as 1s or 1m, got "${value}"`,
        );
      }
      limits.period = Math.floor(ms / 1000);
    } else if (name === "parallelism" || name === "rate") {
      if (!/^\d+$/.test(value) || Number(value) < 1) {
        throw messagingErrors.invalidHeader(
          "Upstash-Flow-Control-Value",
          `${name} must be a whole number of 1 or more, got "${value}"`,
        );
      }
      limits[name] = Number(value);
    } else {
      throw messagingErrors.invalidHeader(
        "Upstash-Flow-Control-Value",
        `accepts parallelism, rate and period (e.g. "parallelism=1, rate=10, period=1s"), got "${trimmed}"`,
      );
    }
  }
  return limits;
}
