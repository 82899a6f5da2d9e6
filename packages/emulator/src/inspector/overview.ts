import type { StoredIndex } from "../management/store.ts";
import type { DeliveredMessage } from "../messaging/delivery/delivery.ts";
import type {
  StoredDlqMessage,
  StoredFlowControlKey,
  StoredMessage,
  StoredQueue,
  StoredSchedule,
} from "../messaging/store.ts";
import { redactDestination } from "./redact.ts";

/** The parts of the state the page shows, read live from the stores. */
export interface InspectedState {
  queues: Record<string, StoredQueue>;
  messages: StoredMessage[];
  dlq: StoredDlqMessage[];
  schedules: Record<string, StoredSchedule>;
  flowControl: Record<string, StoredFlowControlKey>;
  indexes: StoredIndex[];
}

export interface OverviewSources {
  state: InspectedState;
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
  const { state } = sources;
  const queued = Object.values(state.queues).flatMap((queue) => queue.messages);
  const waiting = [...queued, ...state.messages];
  return {
    now: sources.now(),
    queues: Object.values(state.queues).map((queue) => ({
      name: queue.name,
      paused: queue.paused,
      parallelism: queue.parallelism,
      lag: queue.messages.length,
      inFlight: queue.messages.filter((message) => sources.isInFlight(message.id)).length,
    })),
    messages: {
      total: waiting.length,
      rows: waiting.slice(0, ROWS).map((message) => messageRow(message, state, sources)),
    },
    dlq: {
      total: state.dlq.length,
      rows: state.dlq.slice(0, ROWS).map((entry) => ({
        dlqId: entry.dlqId,
        messageId: entry.message.id,
        destination: redactDestination(entry.message.destination),
        queue: entry.message.queueName ?? null,
        responseStatus: entry.responseStatus ?? null,
        failedAt: entry.failedAt,
      })),
    },
    schedules: Object.values(state.schedules).map((schedule) => ({
      id: schedule.scheduleId,
      cron: schedule.cron,
      destination: redactDestination(schedule.destination),
      paused: schedule.isPaused,
      nextTick: schedule.isPaused ? null : schedule.nextScheduleTime,
    })),
    flowControl: Object.values(state.flowControl).map((key) => flowControlRow(key, waiting)),
    indexes: state.indexes.map(({ index }) => ({
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

function messageRow(message: StoredMessage, state: InspectedState, sources: OverviewSources) {
  const queue = message.queueName === undefined ? undefined : state.queues[message.queueName];
  const key = message.flowControlKey === undefined ? undefined : state.flowControl[message.flowControlKey];
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
