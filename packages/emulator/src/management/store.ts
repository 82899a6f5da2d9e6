import { z } from "zod";
import { LimitReached, type Limits } from "../options/limits.ts";
import { storeArea } from "../state/area.ts";
import type { StorageEngine } from "../storage/engine.ts";
import { type Table, valuesOf } from "../storage/table.ts";

export const SEARCH_REGIONS = ["eu-west-1", "us-central1"] as const;
export type SearchRegion = (typeof SEARCH_REGIONS)[number];
/**
 * The region of an index the emulator makes without being told one (`--search-index`, a seed
 * file, `POST /__stashkit/seed`): the CLI's default too (`stashkit search ensure --region`), so
 * `stashkit search ensure --name shop` finds the `--search-index shop` it started with.
 */
export const DEFAULT_SEARCH_REGION: SearchRegion = "us-central1";
export const SEARCH_PLANS = ["free", "payg", "fixed"] as const;
export type SearchPlan = (typeof SEARCH_PLANS)[number];

// Loose objects: a snapshot written by a newer emulator with extra fields still loads, and keeps them.

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

export const storedIndex = z.looseObject({
  /** Email of the account that owns the index; other accounts never see it. */
  owner: z.string(),
  index: searchIndexRecord,
});

export type SearchIndexRecord = z.infer<typeof searchIndexRecord>;
export type StoredIndex = z.infer<typeof storedIndex>;

/**
 * The search indexes, each with the account that owns it, in the order they were made. Found by
 * id, and by endpoint (the data plane finds the index of each request by it) in one step.
 */
export interface IndexStore {
  get(id: string): StoredIndex | undefined;
  list(): StoredIndex[];
  /** The indexes whose endpoint is this one (two may share it; their tokens tell them apart). */
  withEndpoint(endpoint: string): StoredIndex[];
  /** Adds an index, or replaces the one with its id (keeping its place). */
  put(entry: StoredIndex): void;
  /** Deletes the index; those told with `onDelete` drop what belonged to it (its documents). */
  delete(id: string): boolean;
  count(): number;
  /** Refuses (`LimitReached`, 400) `adding` more indexes past `limits.indexes`. */
  roomFor(adding: number): void;
  clear(): void;
  /** Called with the id of each index deleted (and with none, after `clear`). */
  onDelete(listener: (id: string | undefined) => void): void;
}

export function indexStore(engine: StorageEngine, limits: Pick<Limits, "indexes">): IndexStore {
  return new IndexTable(engine.table("management_indexes", storedIndex), limits.indexes);
}

/** An index's endpoint never changes (a rename keeps it), so it is the table's group. */
class IndexTable implements IndexStore {
  readonly #table: Table<StoredIndex>;
  readonly #listeners: ((id: string | undefined) => void)[] = [];
  readonly #most: number;

  constructor(table: Table<StoredIndex>, most: number) {
    this.#table = table;
    this.#most = most;
  }

  get(id: string): StoredIndex | undefined {
    return this.#table.get(id);
  }

  list(): StoredIndex[] {
    return [...valuesOf(this.#table.scan())];
  }

  withEndpoint(endpoint: string): StoredIndex[] {
    return [...valuesOf(this.#table.scan({ group: endpoint }))];
  }

  put(entry: StoredIndex): void {
    this.#table.put(entry.index.id, entry, entry.index.endpoint);
  }

  delete(id: string): boolean {
    if (!this.#table.delete(id)) return false;
    for (const listener of this.#listeners) listener(id);
    return true;
  }

  count(): number {
    return this.#table.count();
  }

  roomFor(adding: number): void {
    if (this.count() + adding > this.#most) throw new LimitReached("indexes", this.#most, "search indexes");
  }

  clear(): void {
    this.#table.clear();
    for (const listener of this.#listeners) listener(undefined);
  }

  onDelete(listener: (id: string | undefined) => void): void {
    this.#listeners.push(listener);
  }
}

/** The management API's state: the search indexes, each with the account that owns it. */
export const managementArea = storeArea({
  name: "management",
  shape: { indexes: z.array(storedIndex).default([]) },
  open: (engine, context): IndexStore => indexStore(engine, context.limits),
  exportKeys: (store) => ({ indexes: store.list() }),
  importKeys(store, keys) {
    for (const entry of keys.indexes) store.put(entry);
  },
  bounds: [
    {
      limit: "indexes",
      what: "search indexes",
      inKeys: (keys) => keys.indexes.length,
      inStores: (store) => store.count(),
    },
  ],
  reset: (store) => store.clear(),
});
