import { SERVER_VALUE_CHECKS, type ServerValueKind } from "./server-values.ts";

export const SEARCH_REGIONS = ["eu-west-1", "us-central1"] as const;
export type SearchRegion = (typeof SEARCH_REGIONS)[number];
export const SEARCH_PLANS = ["free", "payg", "fixed"] as const;
export type SearchPlan = (typeof SEARCH_PLANS)[number];

/** A related tool reports the pay-as-you-go plan as "paid"; it is the same plan. */
export function normalizePlan(plan: string): string {
  return plan === "paid" ? "payg" : plan;
}

/**
 * The search index as the product reads it (`searchIndexSchema` in `search-index-schemas.ts` says
 * what each field may hold): the seven fields the product uses, two optional ones, and whatever
 * else the API sends, passed through.
 */
export interface SearchIndex {
  id: string;
  name: string;
  endpoint: string;
  token: string;
  read_only_token: string;
  region: string;
  /** The plan, with "paid" read as "payg". */
  type: string;
  creation_time?: number | undefined;
  customer_id?: string | undefined;
  [field: string]: unknown;
}

/** One entry of a listing as far as finding an index needs: its id and name; the rest is checked on use. */
export interface ListedEntry {
  id: string;
  name: string;
  [field: string]: unknown;
}

/**
 * What a listed entry must hold, field by field: the one declaration that `isListedEntry` checks
 * and `listedEntriesSchema` (in `search-index-schemas.ts`) is built from.
 */
export const LISTED_ENTRY: Readonly<Record<"id" | "name", ServerValueKind>> = { id: "id", name: "name" };
const LISTED_FIELDS = Object.keys(LISTED_ENTRY) as (keyof typeof LISTED_ENTRY)[];
const LISTED_CHECKS = LISTED_FIELDS.map((field) => SERVER_VALUE_CHECKS[LISTED_ENTRY[field]]);

/**
 * What `listedEntriesSchema` checks of one entry, as a plain function for the common case of a
 * listing with nothing wrong in it: zod copying every field of 20,000 entries cost more than
 * parsing their JSON (bench S5: 80-175 ms, issue 40). A listing with any entry that fails this
 * goes through the schema, whose issues say what is wrong. (An indexed loop: iterating
 * `Object.entries` with destructuring took twice as long over 20,000 entries.)
 */
export function isListedEntry(value: unknown): value is ListedEntry {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  for (let n = 0; n < LISTED_FIELDS.length; n++) {
    const fieldValue = (value as Record<string, unknown>)[LISTED_FIELDS[n] as string];
    if (typeof fieldValue !== "string" || !(LISTED_CHECKS[n] as (text: string) => boolean)(fieldValue)) {
      return false;
    }
  }
  return true;
}
