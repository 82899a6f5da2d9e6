import { ConfigurationError } from "../errors/index.ts";
import type { OutgoingMessage, RunImport } from "../resources/emulator.ts";
import {
  payloadBytes,
  type RecordedMessage,
  type RecordedRun,
  type ReplayRecord,
} from "../schemas/replay-record.ts";
import { isLocalUrl, type RewriteRule, rewriteUrl } from "../schemas/rewrite-rules.ts";
import { isSendableHeader } from "../schemas/secret-headers.ts";
import { withholdRecordSecrets } from "./record-secrets.ts";

/** The flags (or inputs) replay's rules are known by, for errors. */
export interface ReplayNames {
  rewrite: string;
  keepHeaders: string;
}

export interface ReplayRules {
  rewrite: readonly RewriteRule[];
  /** Secret headers to keep anyway, lower-case (`--keep-headers`). */
  keepHeaders: ReadonlySet<string>;
  /** Replaces a message's payload, or a run's trigger payload (`--body-file`). */
  body?: Uint8Array | undefined;
  names: ReplayNames;
}

/** One record, checked and ready to send: the message or run import, and what was left out. */
export type PlannedReplay =
  | { kind: "message"; record: RecordedMessage; label: string; message: OutgoingMessage; withheld: string[] }
  | { kind: "run"; record: RecordedRun; label: string; run: RunImport; withheld: string[] };

/** What a record is called in messages: "DLQ message dlq_1", "workflow run wfr_1". */
export function recordLabel(record: ReplayRecord): string {
  if (record.kind === "run") return `workflow run ${record.workflowRunId}`;
  return record.from === "dlq"
    ? `DLQ message ${record.dlqId ?? record.messageId}`
    : `message ${record.messageId}`;
}

/** The URL as the emulator should deliver to it: rewritten, or already on this machine. */
function localUrl(url: string, rules: ReplayRules, what: string): string {
  const rewritten = rewriteUrl(url, rules.rewrite);
  if (rewritten !== undefined) return rewritten;
  if (isLocalUrl(url)) return url;
  let shown = url;
  let origin = "https://app.example.com";
  try {
    const parsed = new URL(url);
    shown = `${parsed.origin}${parsed.pathname}`;
    origin = parsed.origin;
  } catch {
    // not a URL: shown as recorded
  }
  throw new ConfigurationError(
    rules.names.rewrite,
    `${what} goes to ${shown}, which no ${rules.names.rewrite} maps to this machine: add ${rules.names.rewrite} ${origin}=http://localhost:3000 (or map it to itself to deliver there)`,
  );
}

const FORWARD = "upstash-forward-";

/**
 * Recorded headers as the destination gets them (a name recorded with its `Upstash-Forward-`
 * prefix loses it); a name or value HTTP cannot carry (CR, LF, NUL) is refused: it would fail
 * the request, or split it.
 */
function destinationHeaders(
  headers: Record<string, string>,
  what: string,
  names: ReplayNames,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isSendableHeader(name, value)) {
      throw new ConfigurationError(
        names.keepHeaders,
        `${what}: header ${JSON.stringify(name)} cannot be sent over HTTP`,
      );
    }
    const own = name.toLowerCase().startsWith(FORWARD) ? name.slice(FORWARD.length) : name;
    if (own !== "") out[own] = value;
  }
  return out;
}

/** Recorded headers as a publish forwards them: `Upstash-Forward-<name>`, `Content-Type` as it is. */
function forwarded(
  headers: Record<string, string>,
  what: string,
  names: ReplayNames,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(destinationHeaders(headers, what, names))) {
    if (name.toLowerCase() === "content-type") out["Content-Type"] = value;
    else out[`Upstash-Forward-${name}`] = value;
  }
  return out;
}

function flowControlValue(limits: NonNullable<RecordedMessage["flowControl"]>): string {
  const parts = [
    limits.parallelism === undefined ? undefined : `parallelism=${limits.parallelism}`,
    limits.rate === undefined ? undefined : `rate=${limits.rate}`,
    limits.period === undefined ? undefined : `period=${limits.period}s`,
  ];
  return parts.filter((part) => part !== undefined).join(", ");
}

function planMessage(recorded: RecordedMessage, rules: ReplayRules, label: string): PlannedReplay {
  const record = withholdRecordSecrets(recorded, rules.keepHeaders);
  const url = localUrl(record.url, rules, label);
  const settings: Record<string, string | undefined> = {
    "Upstash-Method": record.method,
    "Upstash-Retries": record.retries === undefined ? undefined : String(record.retries),
    "Upstash-Retry-Delay": record.retryDelay,
    "Upstash-Callback": record.callback && localUrl(record.callback, rules, `${label}'s callback`),
    "Upstash-Failure-Callback":
      record.failureCallback && localUrl(record.failureCallback, rules, `${label}'s failure callback`),
    "Upstash-Label": record.labels?.join(","),
    "Upstash-Flow-Control-Key": record.flowControl?.key,
    "Upstash-Flow-Control-Value": record.flowControl && flowControlValue(record.flowControl),
  };
  const headers = { ...forwarded(record.headers, label, rules.names) };
  for (const [name, value] of Object.entries(settings)) if (value) headers[name] = value;
  const message = {
    url,
    queue: record.queue,
    body: rules.body ?? payloadBytes(record),
    headers,
    operation: `replay ${label}`,
  };
  return {
    kind: "message",
    record,
    label,
    message,
    withheld: record.withheldHeaders ?? [],
  };
}

function planRun(recorded: RecordedRun, rules: ReplayRules, label: string): PlannedReplay {
  const record = withholdRecordSecrets(recorded, rules.keepHeaders);
  const url = localUrl(record.url, rules, label);
  const payload = Buffer.from(rules.body ?? Buffer.from(record.payload, "utf8")).toString("base64");
  const { next: delivery } = record;
  const headers = delivery === undefined ? {} : destinationHeaders(delivery.headers, label, rules.names);
  // The run stopped at its first delivery: it starts again from the payload, with that delivery's headers.
  const first = delivery === undefined || delivery.trigger;
  const run: RunImport = {
    workflowRunId: record.workflowRunId,
    url,
    payload,
    steps: first ? [] : record.steps,
    ...(first
      ? { headers }
      : { next: { body: Buffer.from(payloadBytes(delivery)).toString("base64"), headers } }),
    ...(delivery?.retries === undefined ? {} : { retries: delivery.retries }),
    ...(record.labels === undefined ? {} : { labels: record.labels }),
  };
  return { kind: "run", record, label, run, withheld: delivery?.withheldHeaders ?? [] };
}

/**
 * Checks one record against the rules and builds what is sent for it, before anything is sent:
 * every URL it delivers to (destination, callbacks) must be rewritten to, or already be on,
 * this machine, so a replay never calls production; secret headers are left out unless kept.
 */
export function planReplay(record: ReplayRecord, rules: ReplayRules, where?: string): PlannedReplay {
  const label = where === undefined ? recordLabel(record) : `${where} (${recordLabel(record)})`;
  return record.kind === "message" ? planMessage(record, rules, label) : planRun(record, rules, label);
}
