import { stringify } from "yaml";
import type { Queue } from "../schemas/queue.ts";
import type { Schedule } from "../schemas/schedule.ts";
import type { UrlGroup } from "../schemas/url-group.ts";
import { escapeValue } from "./value-templates.ts";

/** Where editors find the file's JSON Schema (the copy in `@stashkit/core`'s package). */
export const DECLARATION_SCHEMA_URL =
  "https://raw.githubusercontent.com/stashkit/stashkit/main/packages/core/qstash.schema.json";

/** A listed schedule in the terms export needs: its headers by name, body, labels and timeout. */
export interface ExportedSchedule {
  schedule: Schedule;
  headers: Record<string, string>;
  body: string;
  labels: string[];
  timeoutSeconds: number | undefined;
}

export interface ExportInput {
  environment: string;
  schedules: ExportedSchedule[];
  urlGroups: UrlGroup[];
  queues: Queue[];
  format: "yaml" | "json";
}

/** A header's value that stays in the file; every other one becomes a `${NAME}` to set. */
const PLAIN_HEADERS = new Set(["content-type"]);

export interface ExportedDeclaration {
  text: string;
  /** The environment variables the file now names, with where each value is (never the value). */
  variables: { name: string; schedule: string; header: string }[];
  /** Schedules left out, with why. */
  skipped: { schedule: string; why: string }[];
}

/**
 * A declaration file for one environment that adopts the account as it is: every schedule, URL
 * group and queue under its own name (`prefix: ""`, so an apply deletes nothing it does not
 * declare). A header's value other than Content-Type may be a secret: it is never written, but
 * named as an environment variable to set.
 */
export function exportDeclaration(input: ExportInput): ExportedDeclaration {
  const variables: ExportedDeclaration["variables"] = [];
  const skipped: ExportedDeclaration["skipped"] = [];
  const groups = new Set(input.urlGroups.map((g) => g.name));
  const queues = new Set(input.queues.map((q) => q.name));
  const taken = new Set<string>();
  const schedules = input.schedules.flatMap((exported) => {
    const { schedule } = exported;
    const id = schedule.scheduleId;
    const destination = schedule.destination;
    if (!/^https?:/i.test(destination) && !groups.has(destination)) {
      skipped.push({
        schedule: id,
        why: `its destination ${JSON.stringify(destination)} is neither a URL nor a URL group of the account`,
      });
      return [];
    }
    if (schedule.queueName !== undefined && !queues.has(schedule.queueName)) {
      skipped.push({ schedule: id, why: `its queue ${JSON.stringify(schedule.queueName)} is not listed` });
      return [];
    }
    const headers = Object.entries(exported.headers).map(([name, value]) => {
      if (PLAIN_HEADERS.has(name.toLowerCase())) return [name, escapeValue(value)];
      const variable = variableName(id, name, taken);
      variables.push({ name: variable, schedule: id, header: name });
      return [name, `\${${variable}}`];
    });
    return [scheduleEntry(exported, Object.fromEntries(headers))];
  });
  const declaration = {
    version: 1,
    environments: { [input.environment]: { prefix: "" } },
    ...(input.queues.length === 0 ? {} : { queues: input.queues.map(queueEntry) }),
    ...(input.urlGroups.length === 0 ? {} : { url_groups: input.urlGroups.map(groupEntry) }),
    ...(schedules.length === 0 ? {} : { schedules }),
  };
  const text =
    input.format === "json"
      ? `${JSON.stringify({ $schema: DECLARATION_SCHEMA_URL, ...declaration }, null, 2)}\n`
      : `# yaml-language-server: $schema=${DECLARATION_SCHEMA_URL}\n${stringify(declaration, { lineWidth: 0 })}`;
  return { text, variables, skipped };
}

function scheduleEntry(exported: ExportedSchedule, headers: Record<string, string>): Record<string, unknown> {
  const { schedule } = exported;
  const entry: Record<string, unknown> = {
    id: schedule.scheduleId,
    cron: schedule.cron ?? "",
    destination: escapeValue(schedule.destination),
    ...(schedule.method && schedule.method.toUpperCase() !== "POST"
      ? { method: schedule.method.toUpperCase() }
      : {}),
    ...(exported.body === "" ? {} : { body: escapeValue(exported.body) }),
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
    ...(schedule.retries === undefined ? {} : { retries: schedule.retries }),
    ...(schedule.retryDelayExpression === undefined
      ? {}
      : { retry_delay: escapeValue(schedule.retryDelayExpression) }),
    ...(schedule.delay ? { delay: `${schedule.delay}s` } : {}),
    ...(exported.timeoutSeconds === undefined ? {} : { timeout: `${exported.timeoutSeconds}s` }),
    ...(schedule.callback === undefined ? {} : { callback: escapeValue(schedule.callback) }),
    ...(schedule.failureCallback === undefined
      ? {}
      : { failure_callback: escapeValue(schedule.failureCallback) }),
    ...(schedule.queueName === undefined ? {} : { queue: schedule.queueName }),
  };
  if (schedule.flowControlKey !== undefined) {
    entry["flow_control"] = {
      key: escapeValue(schedule.flowControlKey),
      ...(schedule.parallelism === undefined ? {} : { parallelism: schedule.parallelism }),
      ...(schedule.rate === undefined ? {} : { rate: schedule.rate }),
      ...(schedule.period === undefined ? {} : { period: `${schedule.period}s` }),
    };
  }
  if (exported.labels.length > 0)
    entry["label"] = exported.labels.length === 1 ? exported.labels[0] : exported.labels;
  return entry;
}

function queueEntry(queue: Queue): Record<string, unknown> {
  // Whether it is paused is left out: an apply then leaves it as it is (a deploy window's pause).
  return { name: queue.name, parallelism: queue.parallelism ?? 1 };
}

function groupEntry(group: UrlGroup): Record<string, unknown> {
  return {
    name: group.name,
    endpoints: group.endpoints.map((e) =>
      e.name === undefined ? { url: escapeValue(e.url) } : { name: e.name, url: escapeValue(e.url) },
    ),
  };
}

/** `QSTASH_NIGHTLY_REINDEX_AUTHORIZATION`: the schedule's id and the header, as a variable's name. */
function variableName(id: string, header: string, taken: Set<string>): string {
  const base = `QSTASH_${id}_${header}`.toUpperCase().replace(/[^A-Z0-9_]+/g, "_");
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}
