import { ok } from "../http/reply.ts";
import { managementErrors } from "./errors.ts";
import { throughputTimestamp } from "./new-index.ts";
import { type ManagementContext, ownedIndex, ownedIndexes } from "./owned-indexes.ts";
import type { IndexStore } from "./store.ts";

interface TimePoint {
  x: string;
  y: number;
}

/** Each documented period: 60 points spread over it, except 30 days (240 points, 3 hours apart). */
const PERIODS = {
  "1h": { points: 60, stepMinutes: 1 },
  "3h": { points: 60, stepMinutes: 3 },
  "12h": { points: 60, stepMinutes: 12 },
  "1d": { points: 60, stepMinutes: 24 },
  "3d": { points: 60, stepMinutes: 72 },
  "7d": { points: 60, stepMinutes: 168 },
  "30d": { points: 240, stepMinutes: 180 },
} as const;
type Period = keyof typeof PERIODS;
const PERIOD_NAMES = Object.keys(PERIODS) as Period[];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DAY_MS = 86_400_000;

/**
 * `GET /v2/search/stats` and `GET /v2/search/{id}/stats`. The emulator keeps no records,
 * queries or bandwidth, so every measurement is 0; the shapes, series lengths and time
 * stamps are the documented ones, so clients can be tested against them.
 */
export function searchStatsHandlers(store: IndexStore) {
  return {
    accountStats(context: ManagementContext) {
      ownedIndexes(store, context);
      return ok({ record_count: 0, request: 0, bandwidth: 0, storage: 0, billing: 0, rerank_count: 0 });
    },
    indexStats(context: ManagementContext) {
      ownedIndex(store, context);
      const period = context.query.get("period") ?? "1h";
      if (!Object.hasOwn(PERIODS, period)) {
        throw managementErrors.notOneOf("period", PERIOD_NAMES);
      }
      return ok(zeroIndexStats(PERIODS[period as Period], new Date()));
    },
  };
}

function zeroIndexStats(period: { points: number; stepMinutes: number }, now: Date) {
  const series = () => zeroSeries(now, period.points, period.stepMinutes * 60_000);
  const days = Array.from({ length: 7 }, (_, n) => new Date(now.getTime() - (6 - n) * DAY_MS));
  const daily = () => days.map((day) => ({ x: throughputTimestamp(day), y: 0 }));
  return {
    pending_index_count: 0,
    current_vector_count: 0,
    daily_query_count: 0,
    daily_update_count: 0,
    monthly_query_count: 0,
    monthly_update_count: 0,
    monthly_bandwidth_usage: 0,
    storage_usage: 0,
    monthly_cost: 0,
    daily_update_requests: daily(),
    daily_query_requests: daily(),
    daily_bandwidths: daily(),
    days: days.map((day) => WEEKDAYS[day.getUTCDay()] as string),
    query_throughput: series(),
    update_throughput: series(),
    query_latency_mean: series(),
    query_latency_99: series(),
    update_latency_mean: series(),
    update_latency_99: series(),
    embeds_latency_mean: series(),
    embeds_latency_99: series(),
    vector_count: series(),
    data_size: series(),
    daily_rerank_count: 0,
    monthly_rerank_count: 0,
    daily_rerank_requests: daily(),
    rerank_latency_mean: series(),
    rerank_latency_99: series(),
  };
}

/** `points` zero measurements, oldest first, the last at the current minute. */
function zeroSeries(now: Date, points: number, stepMs: number): TimePoint[] {
  return Array.from({ length: points }, (_, n) => ({
    x: throughputTimestamp(new Date(now.getTime() - (points - 1 - n) * stepMs)),
    y: 0,
  }));
}
