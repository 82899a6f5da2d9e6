import type { DesiredSchedule } from "../qstash-files/desired-state.ts";
import type { PutScheduleInput } from "../resources/schedule-headers.ts";
import type { Schedule } from "../schemas/schedule.ts";
import type { FieldChange } from "./qstash-changes.ts";
import { liveSchedule, timeoutLabel } from "./qstash-live.ts";

/** Shown instead of a header's present value: it may be a secret. */
export const HIDDEN = "(set)";

/**
 * The fields of `live` that differ from `desired`, by the file's names (`cron`, `headers.X`,
 * `flow_control`...). Optional fields the file leaves out of a schedule are not compared when
 * the API has a default of its own (retries); the others (delay, callback, queue...) are "none".
 */
export function scheduleDifferences(
  desired: DesiredSchedule,
  schedule: Schedule,
): Record<string, FieldChange> {
  const live = liveSchedule(schedule);
  const changes: Record<string, FieldChange> = {};
  const compare = (field: string, from: unknown, to: unknown) => {
    if (!same(from, to)) changes[field] = { from: from ?? null, to: to ?? null };
  };
  compare("destination", schedule.destination, desired.destination);
  compare("cron", schedule.cron?.trim(), desired.cron);
  compare("method", schedule.method?.toUpperCase() ?? "POST", desired.method);
  compare("body", live.body, desired.body);
  for (const name of new Set([...Object.keys(live.headers), ...Object.keys(desired.headers)])) {
    const wanted = desired.headers[name];
    if (live.headers[name] === wanted?.value) continue;
    changes[`headers.${wanted?.name ?? name}`] = {
      from: live.headers[name] === undefined ? null : HIDDEN,
      to: wanted?.shown ?? null,
    };
  }
  if (desired.retries !== undefined) compare("retries", schedule.retries, desired.retries);
  compare("retry_delay", schedule.retryDelayExpression, desired.retryDelay);
  compare("delay", schedule.delay || undefined, desired.delaySeconds || undefined);
  compare("timeout", live.timeoutSeconds, desired.timeoutSeconds);
  compare("callback", schedule.callback, desired.callback);
  compare("failure_callback", schedule.failureCallback, desired.failureCallback);
  compare("queue", schedule.queueName, desired.queueName);
  compare(
    "flow_control",
    liveFlowControl(schedule),
    desired.flowControl && flowControlView(desired.flowControl),
  );
  compare("label", [...live.labels].sort(), [...desired.labels].sort());
  return changes;
}

function liveFlowControl(schedule: Schedule): Record<string, unknown> | undefined {
  if (schedule.flowControlKey === undefined) return undefined;
  return flowControlView({
    key: schedule.flowControlKey,
    parallelism: schedule.parallelism,
    rate: schedule.rate,
    periodSeconds: schedule.period,
  });
}

function flowControlView(flow: NonNullable<DesiredSchedule["flowControl"]>): Record<string, unknown> {
  return {
    key: flow.key,
    ...(flow.parallelism === undefined ? {} : { parallelism: flow.parallelism }),
    ...(flow.rate === undefined ? {} : { rate: flow.rate }),
    ...(flow.periodSeconds === undefined ? {} : { period: flow.periodSeconds }),
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** What a create shows: every field the file sets, secrets as their templates. */
export function scheduleFields(desired: DesiredSchedule): Record<string, unknown> {
  const headers = Object.values(desired.headers);
  const fields: Record<string, unknown> = {
    destination: desired.destination,
    cron: desired.cron,
    method: desired.method,
    ...(desired.body === "" ? {} : { body: desired.body }),
    ...(headers.length === 0 ? {} : { headers: Object.fromEntries(headers.map((h) => [h.name, h.shown])) }),
    retries: desired.retries,
    retry_delay: desired.retryDelay,
    delay: desired.delaySeconds,
    timeout: desired.timeoutSeconds,
    callback: desired.callback,
    failure_callback: desired.failureCallback,
    queue: desired.queueName,
    flow_control: desired.flowControl && flowControlView(desired.flowControl),
    ...(desired.labels.length === 0 ? {} : { label: desired.labels }),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The request that makes the account's schedule what the file says (created, or updated in place). */
export function putScheduleInput(desired: DesiredSchedule): PutScheduleInput {
  const flow = desired.flowControl;
  const labels = [...desired.labels];
  if (desired.timeoutSeconds !== undefined) labels.push(timeoutLabel(desired.timeoutSeconds));
  return {
    scheduleId: desired.scheduleId,
    destination: desired.destination,
    cron: desired.cron,
    method: desired.method,
    ...(desired.body === "" ? {} : { body: desired.body }),
    headers: Object.fromEntries(Object.values(desired.headers).map((h) => [h.name, h.value])),
    ...(desired.retries === undefined ? {} : { retries: desired.retries }),
    ...(desired.retryDelay === undefined ? {} : { retryDelay: desired.retryDelay }),
    ...(desired.delaySeconds ? { delay: `${desired.delaySeconds}s` } : {}),
    ...(desired.timeoutSeconds === undefined ? {} : { timeout: `${desired.timeoutSeconds}s` }),
    ...(desired.callback === undefined ? {} : { callback: desired.callback }),
    ...(desired.failureCallback === undefined ? {} : { failureCallback: desired.failureCallback }),
    ...(desired.queueName === undefined ? {} : { queueName: desired.queueName }),
    ...(flow === undefined
      ? {}
      : {
          flowControl: {
            key: flow.key,
            ...(flow.parallelism === undefined ? {} : { parallelism: flow.parallelism }),
            ...(flow.rate === undefined ? {} : { rate: flow.rate }),
            ...(flow.periodSeconds === undefined ? {} : { period: `${flow.periodSeconds}s` }),
          },
        }),
    labels,
  };
}
