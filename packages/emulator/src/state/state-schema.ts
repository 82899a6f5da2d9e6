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

const storedMessage = z.looseObject({
  id: z.string(),
  destination: z.string(),
  body: z.string(),
  contentType: z.string(),
  enqueuedAt: z.number(),
});

const storedQueue = z.looseObject({
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  parallelism: z.int().min(1),
  paused: z.boolean(),
  messages: z.array(storedMessage),
});

/** What a data file must hold; both parts may be missing (an older or hand-written file). */
export const storedStateSchema = z.looseObject({
  queues: z.record(z.string(), storedQueue).default({}),
  indexes: z.array(z.looseObject({ owner: z.string(), index: searchIndex })).default([]),
});
