import type { IndexStore } from "../management/store.ts";
import type { MessagingStores } from "../messaging/area.ts";
import type { DeliveredMessage } from "../messaging/delivery/delivered.ts";
import type { StoredFlowControlKey } from "../messaging/flow-control/store.ts";
import type { StoredMessage } from "../messaging/messages/record.ts";
import type { StoredQueue } from "../messaging/queues/store.ts";
import { redactDestination } from "./redact.ts";

/** The stores the page reads, live. */
export interface InspectedStores
  extends Pick<MessagingStores, "queues" | "messages" | "dlq" | "schedules" | "flowControl"> {
  indexes: IndexStore;
}

export interface OverviewSources {
  stores: InspectedStores;
  delivered: readonly DeliveredMessage[];
  isInFlight(messageId: string): boolean;
  /** Documents in an index's database, all namespaces. */
  documentCount(indexId: string): number;
  now(): number;
}

/** Rows the page lists at most per table; the counts stay exact. */
const ROWS = 200;

/**
 * What the inspector shows: every table the page draws, without a token, key or credential in
 * it (destinations lose their credentials and query values; index tokens are not read).
 */
export function overview(sources: OverviewSources) {
  const { stores } = sources;
  const queues = stores.queues.list();
  const queued = queues.flatMap((queue) => [...stores.messages.waiting(queue.name)]);
  const waiting = [...queued, ...stores.messages.waiting(undefined)];
  const flowControl = stores.flowControl.list();
  const context = {
    queues: new Map(queues.map((queue) => [queue.name, queue])),
    keys: new Map(flowControl.map((key) => [key.key, key])),
  };
  return {
    now: sources.now(),
    queues: queues.map((queue) => ({
      name: queue.name,
      paused: queue.paused,
      parallelism: queue.parallelism,
      lag: stores.messages.count(queue.name),
      inFlight: queued.filter((message) => message.queueName === queue.name && sources.isInFlight(message.id))
        .length,
    })),
    messages: {
      total: waiting.length,
      rows: waiting.slice(0, ROWS).map((message) => messageRow(message, context, sources)),
    },
    dlq: {
      total: stores.dlq.count(),
      rows: firstOf(stores.dlq.all(), ROWS).map((entry) => ({
        dlqId: entry.dlqId,
        messageId: entry.message.id,
        destination: redactDestination(entry.message.destination),
        queue: entry.message.queueName ?? null,
        responseStatus: entry.responseStatus ?? null,
        failedAt: entry.failedAt,
      })),
    },
    schedules: stores.schedules.list().map((schedule) => ({
      id: schedule.scheduleId,
      cron: schedule.cron,
      destination: redactDestination(schedule.destination),
      paused: schedule.isPaused,
      nextTick: schedule.isPaused ? null : schedule.nextScheduleTime,
    })),
    flowControl: flowControl.map((key) => flowControlRow(key, waiting)),
    indexes: stores.indexes.list().map(({ index }) => ({
      name: index.name,
      id: index.id,
      region: index.region,
      type: index.type,
      documents: sources.documentCount(index.id),
    })),
    delivered: sources.delivered
      .slice(-20)
      .reverse()
      .map((delivery) => ({
        ...delivery,
        destination: redactDestination(delivery.destination),
      })),
  };
}

export type Overview = ReturnType<typeof overview>;

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
    notBefore: message.notBefore,
  };
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
