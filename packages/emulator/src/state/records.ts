import type {
  DeduplicationEntry,
  SigningKeys,
  StoredDlqMessage,
  StoredFlowControlKey,
  StoredMessage,
  StoredSchedule,
} from "../messaging/records.ts";

export type { StoredMessage } from "../messaging/records.ts";

/** The search index resource, all 21 documented fields. */
export interface SearchIndexRecord {
  customer_id: string;
  id: string;
  name: string;
  endpoint: string;
  type: SearchPlan;
  region: SearchRegion;
  vercel_email: string;
  token: string;
  read_only_token: string;
  max_vector_count: number;
  max_monthly_reranks: number;
  max_daily_updates: number;
  max_daily_queries: number;
  max_monthly_bandwidth: number;
  max_writes_per_second: number;
  max_query_per_second: number;
  max_reads_per_request: number;
  max_writes_per_request: number;
  creation_time: number;
  input_enrichment_enabled: boolean;
  throughput_vector: { x: string; y: number }[];
}

export const SEARCH_REGIONS = ["eu-west-1", "us-central1"] as const;
export type SearchRegion = (typeof SEARCH_REGIONS)[number];
export const SEARCH_PLANS = ["free", "payg", "fixed"] as const;
export type SearchPlan = (typeof SEARCH_PLANS)[number];

export interface StoredIndex {
  /** Email of the account that owns the index; other accounts never see it. */
  owner: string;
  index: SearchIndexRecord;
}

export interface StoredQueue {
  name: string;
  createdAt: number;
  updatedAt: number;
  parallelism: number;
  paused: boolean;
  /** Undelivered messages, oldest first. */
  messages: StoredMessage[];
}

export interface EmulatorState {
  queues: Record<string, StoredQueue>;
  indexes: StoredIndex[];
  /** Published messages that are not in a queue, not yet delivered. */
  messages: StoredMessage[];
  dlq: StoredDlqMessage[];
  schedules: Record<string, StoredSchedule>;
  flowControl: Record<string, StoredFlowControlKey>;
  deduplication: Record<string, DeduplicationEntry>;
  /** Kept so that a restart with the same data file signs with the same keys. */
  signingKeys?: SigningKeys;
}

export function emptyState(): EmulatorState {
  return {
    queues: {},
    indexes: [],
    messages: [],
    dlq: [],
    schedules: {},
    flowControl: {},
    deduplication: {},
  };
}
