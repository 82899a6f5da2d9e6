import { z } from "zod";
import { SEARCH_PLANS, SEARCH_REGIONS } from "./records.ts";

// Loose objects: a file written by a newer emulator with extra fields still loads, and keeps them.

const searchIndex = z.looseObject({
  customer_id: z.string(),
  id: z.string().min(1),
  name: z.string(),
  endpoint: z.string(),
  type: z.enum(SEARCH_PLANS),
  region: z.enum(SEARCH_REGIONS),
  vercel_email: z.string(),
  token: z.string(),
  read_only_token: z.string(),
  max_vector_count: z.number(),
  max_monthly_reranks: z.number(),
  max_daily_updates: z.number(),
  max_daily_queries: z.number(),
  max_monthly_bandwidth: z.number(),
  max_writes_per_second: z.number(),
  max_query_per_second: z.number(),
  max_reads_per_request: z.number(),
  max_writes_per_request: z.number(),
  creation_time: z.number(),
  input_enrichment_enabled: z.boolean(),
  throughput_vector: z.array(z.looseObject({ x: z.string(), y: z.number() })),
});

// A message as written now, or by an emulator from before publish and retries (then with
// `contentType` and `enqueuedAt`; `upgradeLegacyMessages` fills in the rest at start).
const storedMessage = z.looseObject({
  id: z.string(),
  destination: z.string(),
  body: z.string(),
  method: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  createdAt: z.number().optional(),
  notBefore: z.number().optional(),
  maxRetries: z.int().min(0).optional(),
  retried: z.int().min(0).optional(),
  nextAttemptAt: z.number().optional(),
  contentType: z.string().optional(),
  enqueuedAt: z.number().optional(),
});

const flowControlLimits = z.looseObject({
  parallelism: z.int().min(1).optional(),
  rate: z.int().min(1).optional(),
  period: z.int().min(1).optional(),
});

const storedQueue = z.looseObject({
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  parallelism: z.int().min(1),
  paused: z.boolean(),
  messages: z.array(storedMessage),
});

/** What a data file must hold; any part may be missing (an older or hand-written file). */
export const storedStateSchema = z.looseObject({
  queues: z.record(z.string(), storedQueue).default({}),
  indexes: z.array(z.looseObject({ owner: z.string(), index: searchIndex })).default([]),
  messages: z.array(storedMessage).default([]),
  dlq: z
    .array(z.looseObject({ dlqId: z.string(), message: storedMessage, failedAt: z.number() }))
    .default([]),
  schedules: z
    .record(
      z.string(),
      z.looseObject({
        scheduleId: z.string(),
        cron: z.string(),
        destination: z.string(),
        method: z.string(),
        headers: z.record(z.string(), z.string()),
        body: z.string(),
        retries: z.int().min(0),
        isPaused: z.boolean(),
        createdAt: z.number(),
        nextScheduleTime: z.number(),
      }),
    )
    .default({}),
  flowControl: z
    .record(
      z.string(),
      z.looseObject({
        key: z.string(),
        paused: z.boolean(),
        limits: flowControlLimits,
        pinned: flowControlLimits,
        createdAt: z.number(),
      }),
    )
    .default({}),
  deduplication: z
    .record(z.string(), z.looseObject({ messageId: z.string(), expiresAt: z.number() }))
    .default({}),
  signingKeys: z.looseObject({ current: z.string().min(1), next: z.string().min(1) }).optional(),
});
