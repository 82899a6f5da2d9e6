import { checkCron, checkHeaderValue, checkUrl, refuseTwice } from "./checked-values.ts";
import type { Declaration, ScheduleDeclaration } from "./declaration-schema.ts";
import { isIn } from "./declared-resources.ts";
import type { DesiredHeader, DesiredSchedule } from "./desired-state.ts";
import { durationSeconds } from "./durations.ts";
import type { Expander } from "./expander.ts";
import type { FieldPath, SourcePlaces } from "./source-places.ts";

interface ScheduleContext {
  declaration: Declaration;
  places: SourcePlaces;
  environment: string;
  expander: Expander;
  /** The environment's prefix and a declared name, checked. */
  named(text: string, path: FieldPath): string;
  /** The environment's queues and URL groups, by their full names. */
  queues: readonly string[];
  urlGroups: readonly string[];
  prefix: string;
  /** Where the secret values read are collected. */
  secrets: string[];
}

/** The environment's schedules, every value filled in and checked. */
export function resolveSchedules(context: ScheduleContext): DesiredSchedule[] {
  const { declaration, environment, places } = context;
  const made: { schedule: DesiredSchedule; path: FieldPath }[] = [];
  (declaration.schedules ?? []).forEach((declared, i) => {
    if (isIn(declared, environment))
      made.push({
        schedule: resolveSchedule(context, declared, ["schedules", i]),
        path: ["schedules", i, "id"],
      });
  });
  refuseTwice(
    places,
    made.map(({ schedule, path }) => ({ key: schedule.scheduleId, path })),
    "schedule id",
  );
  return made.map(({ schedule }) => schedule);
}

function resolveSchedule(
  context: ScheduleContext,
  declared: ScheduleDeclaration,
  at: FieldPath,
): DesiredSchedule {
  const { expander, places } = context;
  const path = (...rest: (string | number)[]) => [...at, ...rest];
  const value = (text: string | undefined, field: string) =>
    text === undefined ? undefined : expander.value(text, path(field));
  const url = (text: string | undefined, field: string) => {
    const filled = value(text, field);
    return filled === undefined ? undefined : checkUrl(places, path(field), filled);
  };
  const flow = declared.flow_control;
  if (flow && flow.parallelism === undefined && flow.rate === undefined) {
    places.fail(path("flow_control"), "needs parallelism or rate (or both): a key alone limits nothing");
  }
  return {
    scheduleId: context.named(declared.id, path("id")),
    destination: destination(context, declared.destination, path("destination")),
    cron: checkCron(places, path("cron"), expander.value(declared.cron, path("cron"))),
    method: declared.method ?? "POST",
    body: body(expander, declared.body, path("body")),
    headers: headers(context, declared.headers ?? {}, path("headers")),
    retries: declared.retries,
    retryDelay: value(declared.retry_delay, "retry_delay"),
    delaySeconds: declared.delay === undefined ? undefined : durationSeconds(declared.delay),
    timeoutSeconds: declared.timeout === undefined ? undefined : durationSeconds(declared.timeout),
    callback: url(declared.callback, "callback"),
    failureCallback: url(declared.failure_callback, "failure_callback"),
    queueName:
      declared.queue === undefined ? undefined : reference(context, declared.queue, path("queue"), "queue"),
    flowControl: flow && {
      key: expander.value(flow.key, path("flow_control", "key")),
      parallelism: flow.parallelism,
      rate: flow.rate,
      periodSeconds: flow.period === undefined ? undefined : durationSeconds(flow.period),
    },
    labels:
      declared.label === undefined
        ? []
        : typeof declared.label === "string"
          ? [declared.label]
          : [...declared.label],
  };
}

/** A URL as it is, or the name of a URL group of this file, which gets the environment's prefix. */
function destination(context: ScheduleContext, text: string, path: FieldPath): string {
  const filled = context.expander.value(text, path);
  if (/^https?:/i.test(filled)) return checkUrl(context.places, path, filled);
  return reference(context, text, path, "URL group");
}

function reference(
  context: ScheduleContext,
  text: string,
  path: FieldPath,
  kind: "queue" | "URL group",
): string {
  const name = context.named(text, path);
  const known = kind === "queue" ? context.queues : context.urlGroups;
  if (!known.includes(name)) {
    const list = kind === "queue" ? "queues" : "url_groups";
    context.places.fail(
      path,
      `${JSON.stringify(text)} is ${kind === "URL group" ? "not a URL (http:// or https://) nor" : "not"} the name of a ${kind} of this file in environment ${context.environment} (${list}:)`,
    );
  }
  return name;
}

function body(expander: Expander, declared: ScheduleDeclaration["body"], path: FieldPath): string {
  if (declared === undefined) return "";
  if (typeof declared === "string") return expander.value(declared, path);
  // Written as YAML, sent as JSON: each text in it filled in like any other value.
  const fill = (item: unknown, at: FieldPath): unknown => {
    if (typeof item === "string") return expander.value(item, at);
    if (Array.isArray(item)) return item.map((entry, i) => fill(entry, [...at, i]));
    if (item !== null && typeof item === "object") {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, fill(entry, [...at, key])]));
    }
    return item;
  };
  return JSON.stringify(fill(declared, path));
}

function headers(
  context: ScheduleContext,
  declared: Record<string, string>,
  at: FieldPath,
): Record<string, DesiredHeader> {
  const { expander, places } = context;
  const made: Record<string, DesiredHeader> = {};
  for (const [name, template] of Object.entries(declared)) {
    const path = [...at, name];
    const lower = name.toLowerCase();
    if (lower.startsWith("upstash-")) {
      places.fail(
        path,
        "Upstash-* headers are the API's own settings: use the schedule's keys (retries, delay, callback...) instead",
      );
    }
    if (made[lower] !== undefined) places.fail(path, `is ${name} a second time (header names ignore case)`);
    const filled = expander.header(template, path);
    const secret = filled.secrets.length > 0;
    if (secret) context.secrets.push(filled.text);
    made[lower] = {
      name,
      value: checkHeaderValue(places, path, filled.text, secret),
      shown: secret ? template : filled.text,
      secret,
    };
  }
  return made;
}
