import { randomFillSync, randomInt, randomUUID } from "node:crypto";
import type { SearchIndexRecord, SearchPlan, SearchRegion } from "./store.ts";

const ADJECTIVES = [
  "glowing",
  "brave",
  "quiet",
  "lucky",
  "sunny",
  "rapid",
  "gentle",
  "bold",
  "calm",
  "witty",
];
const ANIMALS = ["baboon", "otter", "falcon", "lynx", "heron", "panda", "gecko", "bison", "koala", "marten"];
const REGION_SUFFIX: Record<SearchRegion, string> = { "eu-west-1": "eu1", "us-central1": "us1" };
const UNLIMITED = -1;

type PlanLimits = Pick<
  SearchIndexRecord,
  | "max_vector_count"
  | "max_monthly_reranks"
  | "max_daily_updates"
  | "max_daily_queries"
  | "max_monthly_bandwidth"
  | "max_writes_per_second"
  | "max_query_per_second"
  | "max_reads_per_request"
  | "max_writes_per_request"
>;

/** Free plans are capped; the paid plans use -1 ("unlimited") for the daily and monthly limits. */
const PLAN_LIMITS: Record<SearchPlan, PlanLimits> = {
  free: {
    max_vector_count: 10_000,
    max_monthly_reranks: 100,
    max_daily_updates: 10_000,
    max_daily_queries: 10_000,
    max_monthly_bandwidth: 50 * 1024 ** 3,
    max_writes_per_second: 1_000,
    max_query_per_second: 1_000,
    max_reads_per_request: 100,
    max_writes_per_request: 100,
  },
  payg: {
    max_vector_count: 2_000_000,
    max_monthly_reranks: UNLIMITED,
    max_daily_updates: UNLIMITED,
    max_daily_queries: UNLIMITED,
    max_monthly_bandwidth: UNLIMITED,
    max_writes_per_second: 1_000,
    max_query_per_second: 1_000,
    max_reads_per_request: 100,
    max_writes_per_request: 100,
  },
  fixed: {
    max_vector_count: 20_000_000,
    max_monthly_reranks: UNLIMITED,
    max_daily_updates: UNLIMITED,
    max_daily_queries: UNLIMITED,
    max_monthly_bandwidth: UNLIMITED,
    max_writes_per_second: 5_000,
    max_query_per_second: 5_000,
    max_reads_per_request: 1_000,
    max_writes_per_request: 1_000,
  },
};

export interface NewIndexInput {
  owner: string;
  name: string;
  region: SearchRegion;
  type: SearchPlan;
  now?: Date;
}

export function newSearchIndex({
  owner,
  name,
  region,
  type,
  now = new Date(),
}: NewIndexInput): SearchIndexRecord {
  return {
    customer_id: owner,
    id: randomUUID(),
    name,
    endpoint: `${pick(ADJECTIVES)}-${pick(ANIMALS)}-${randomInt(10_000, 100_000)}-${REGION_SUFFIX[region]}`,
    type,
    region,
    vercel_email: "",
    token: newIndexToken(),
    read_only_token: newIndexToken(),
    ...PLAN_LIMITS[type],
    creation_time: Math.floor(now.getTime() / 1000),
    input_enrichment_enabled: true,
    throughput_vector: [{ x: throughputTimestamp(now), y: 0 }],
  };
}

/** The documented form: `2025-10-23 20:54:00.000 +0000 UTC`, to the minute. */
export function throughputTimestamp(at: Date): string {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
  return `${minute.slice(0, 10)} ${minute.slice(11, 23)} +0000 UTC`;
}

// One system call per 64 KiB of randomness instead of one per token: seeding 20,000
// indexes spends most of its time in those calls otherwise.
const POOL = Buffer.alloc(64 * 1024);
let poolUsed = POOL.length;

/** A fresh REST token for an index: 48 random bytes in base64. */
export function newIndexToken(bytes = 48): string {
  if (poolUsed + bytes > POOL.length) {
    randomFillSync(POOL);
    poolUsed = 0;
  }
  const token = POOL.toString("base64", poolUsed, poolUsed + bytes);
  // Clear what was handed out, so no later slice can repeat it.
  POOL.fill(0, poolUsed, poolUsed + bytes);
  poolUsed += bytes;
  return token;
}

function pick(words: readonly string[]): string {
  return words[randomInt(words.length)] as string;
}
