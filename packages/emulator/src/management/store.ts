import { z } from "zod";
import { type AreaData, type AreaStore, storeArea } from "../state/area.ts";

export const SEARCH_REGIONS = ["eu-west-1", "us-central1"] as const;
export type SearchRegion = (typeof SEARCH_REGIONS)[number];
export const SEARCH_PLANS = ["free", "payg", "fixed"] as const;
export type SearchPlan = (typeof SEARCH_PLANS)[number];

// Loose objects: a file written by a newer emulator with extra fields still loads, and keeps them.

/** The search index resource, all 21 documented fields. */
const searchIndexRecord = z.looseObject({
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

const storedIndex = z.looseObject({
  /** Email of the account that owns the index; other accounts never see it. */
  owner: z.string(),
  index: searchIndexRecord,
});

const managementShape = {
  indexes: z.array(storedIndex).default([]),
};

/** The management API's state: the search indexes, each with the account that owns it. */
export const managementArea = storeArea({ name: "management", shape: managementShape });

export type ManagementData = AreaData<typeof managementShape>;
export type ManagementStore = AreaStore<ManagementData>;
export type SearchIndexRecord = z.infer<typeof searchIndexRecord>;
export type StoredIndex = z.infer<typeof storedIndex>;
