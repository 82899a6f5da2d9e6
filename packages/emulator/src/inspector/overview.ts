import type { IndexStore } from "../management/store.ts";
import type { ByHand } from "../messaging/engine/by-hand.ts";
import type { DeliveredMessage } from "../messaging/engine/delivery/delivered.ts";
import type { RunSummary } from "../messaging/engine/workflow/harness.ts";
import type { MessagingStores } from "../messaging/records/area.ts";
import type { StoredFlowControlKey } from "../messaging/records/flow-control-store.ts";
import { dueAt, type StoredMessage } from "../messaging/records/message-record.ts";
import type { StoredQueue } from "../messaging/records/queue-store.ts";
import { redactDestination } from "./redact.ts";

/** The stores the page reads of one QStash region, live. */
export type InspectedStores = Pick<
  MessagingStores,
  "queues" | "messages" | "dlq" | "schedules" | "flowControl"
>;

/** One QStash region the page shows (one, unnamed, for a single-region emulator). */
export interface InspectedRegion {
  name: string | undefined;
  isDefault: boolean;
  stores: InspectedStores;
  /** Its workflow runs, running first, with why a run does not move. */
  runs(): RunSummary[];
  /** The events one of its runs waits for (`context.waitForEvent`). */
  waitingFor(runId: string): string[];
  /** What the page does by hand in this region: run a schedule now, retry a DLQ entry edited. */
  byHand: ByHand;
}

export interface OverviewSources {
  /** The default region first; every row the page lists names its region when there are several. */
  regions: readonly InspectedRegion[];
  indexes: IndexStore;
  delivered: readonly DeliveredMessage[];
  isInFlight(messageId: string): boolean;
  /** Documents of each namespace of an index's database that holds any. */
  documentsByNamespace(indexId: string): { name: string; documents: number }[];
  now(): number;
  /** How far the test clock was moved ahead of real time (0 when it was not). */
  clockOffsetMs(): number;
}

/** Rows the page lists at most per table; the counts stay exact. */
const ROWS = 200;
/** Namespaces listed per index; the total counts them all. */
const NAMESPACES = 10;

/**
 * What the inspector shows: every table the page draws, without a token, key or credential in
 * it (destinations lose their credentials and query values; index tokens are not read). With
 * several QStash regions each messaging row names its region, the default region's first.
 */
export function overview(sources: OverviewSources) {
  const regions = sources.regions.map((region) => regionTables(region, sources));
  const total = (pick: (tables: RegionTables) => number) => regions.reduce((sum, t) => sum + pick(t), 0);
  return {
    now: sources.now(),
    clockOffsetMs: sources.clockOffsetMs(),
    regions: sources.regions.map((region) => ({ name: region.name ?? null, isDefault: region.isDefault })),
    queues: regions.flatMap((t) => t.queues),
    messages: { total: total((t) => t.waiting), rows: regions.flatMap((t) => t.messages).slice(0, ROWS) },
    dlq: { total: total((t) => t.dead), rows: regions.flatMap((t) => t.dlq).slice(0, ROWS) },
    schedules: regions.flatMap((t) => t.schedules),
    flowControl: regions.flatMap((t) => t.flowControl),
    indexes: indexRows(sources),
    workflowRuns: { total: total((t) => t.runCount), rows: regions.flatMap((t) => t.runs).slice(0, ROWS) },
    delivered: sources.delivered
      .slice(-20)
      .reverse()
      .map((delivery) => ({
        ...delivery,
        region: delivery.region ?? null,
        destination: redactDestination(delivery.destination),
      })),
  };
}

type RegionTables = ReturnType<typeof regionTables>;

/** One region's rows, each naming the region (null for a single-region emulator's). */
function regionTables(inspected: InspectedRegion, sources: OverviewSources) {
  const { stores } = inspected;
  const region = inspected.name ?? null;
  const queues = stores.queues.list();
  const queued = queues.flatMap((queue) => [...stores.messages.waiting(queue.name)]);
  const waiting = [...queued, ...stores.messages.waiting(undefined)];
  const flowControl = stores.flowControl.list();
  const context = {
    queues: new Map(queues.map((queue) => [queue.name, queue])),
    keys: new Map(flowControl.map((key) => [key.key, key])),
  };
  const runs = runRows(inspected.runs(), inspected);
  return {
    waiting: waiting.length,
    dead: stores.dlq.count(),
    runCount: runs.total,
    queues: queues.map((queue) => ({
      region,
      name: queue.name,
      paused: queue.paused,
      parallelism: queue.parallelism,
      lag: stores.messages.count(queue.name),
      inFlight: queued.filter((message) => message.queueName === queue.name && sources.isInFlight(message.id))
        .length,
    })),
    messages: waiting.slice(0, ROWS).map((message) => ({ region, ...messageRow(message, context, sources) })),
    dlq: firstOf(stores.dlq.all(), ROWS).map((entry) => ({
      region,
      dlqId: entry.dlqId,
      messageId: entry.message.id,
      destination: redactDestination(entry.message.destination),
      queue: entry.message.queueName ?? null,
      responseStatus: entry.responseStatus ?? null,
      failedAt: entry.failedAt,
    })),
    schedules: stores.schedules.list().map((schedule) => ({
      region,
      id: schedule.scheduleId,
      cron: schedule.cron,
      destination: redactDestination(schedule.destination),
      paused: schedule.isPaused,
      nextTick: schedule.isPaused ? null : schedule.nextScheduleTime,
    })),
    flowControl: flowControl.map((key) => ({ region, ...flowControlRow(key, waiting) })),
    runs: runs.rows.map((row) => ({ region, ...row })),
  };
}

export type Overview = ReturnType<typeof overview>;

function indexRows(sources: OverviewSources) {
  return sources.indexes.list().map(({ index }) => {
    const namespaces = sources.documentsByNamespace(index.id);
    return {
      name: index.name,
      id: index.id,
      region: index.region,
      type: index.type,
      documents: namespaces.reduce((sum, namespace) => sum + namespace.documents, 0),
      namespaces: { total: namespaces.length, rows: namespaces.slice(0, NAMESPACES) },
    };
  });
}

function runRows(runs: RunSummary[], sources: Pick<InspectedRegion, "waitingFor">) {
  return {
    total: runs.length,
    rows: runs.slice(0, ROWS).map((run) => ({
      id: run.workflowRunId,
      url: redactDestination(run.url),
      state: run.state,
      steps: run.steps,
      createdAt: run.createdAt,
      lastFailure: run.lastFailure === undefined ? null : answerText(run.lastFailure),
      stalled: run.stalled ?? null,
      waitingFor: run.state === "RUN_STARTED" ? sources.waitingFor(run.workflowRunId) : [],
    })),
  };
}

function messageRow(
  message: StoredMessage,
  context: { queues: Map<string, StoredQueue>; keys: Map<string, StoredFlowControlKey> },
  sources: OverviewSources,
) {
  const queue = message.queueName === undefined ? undefined : context.queues.get(message.queueName);
  const key = message.flowControlKey === undefined ? undefined : context.keys.get(message.flowControlKey);
  let status = "waiting";
  if (sources.isInFlight(message.id)) status = "in flight";
  else if (queue?.paused) status = "held: queue paused";
  else if (key?.paused) status = "held: flow-control key paused";
  else if (message.notBefore > sources.now()) status = "delayed";
  else if (message.retried > 0) status = "retrying";
  return {
    id: message.id,
    queue: message.queueName ?? null,
    destination: redactDestination(message.destination),
    status,
    retried: message.retried,
    due: dueAt(message),
    lastAnswer: message.lastAnswer === undefined ? null : answerText(message.lastAnswer),
  };
}

/** Longest answer text a row shows; the DLQ and the testing API keep more. */
const ANSWER_CHARS = 120;

/** A failed attempt in a few words: "503: the text it answered" or "ECONNREFUSED (no answer)". */
function answerText(answer: {
  status?: number | undefined;
  body?: string | undefined;
  error?: string | undefined;
}): string {
  if (answer.status === undefined) return `${answer.error ?? "no answer"} (no answer)`;
  const text = (answer.body ?? "").replace(/\s+/g, " ").trim();
  return text === "" ? String(answer.status) : `${answer.status}: ${text.slice(0, ANSWER_CHARS)}`;
}

function flowControlRow(key: StoredFlowControlKey, waiting: StoredMessage[]) {
  const limits = { ...key.limits, ...key.pinned };
  const waitList = waiting.filter((message) => message.flowControlKey === key.key).map((m) => m.id);
  return {
    key: key.key,
    paused: key.paused,
    parallelism: limits.parallelism ?? null,
    rate: limits.rate ?? null,
    period: limits.period ?? null,
    waiting: waitList.length,
    waitList: waitList.slice(0, 20),
  };
}

/** The first `count` values of an iteration, reading no further. */
function firstOf<T>(values: Iterable<T>, count: number): T[] {
  const first: T[] = [];
  for (const value of values) {
    if (first.length === count) break;
    first.push(value);
  }
  return first;
}
