import {
  isSafeServerName,
  isServerEndpoint,
  isServerId,
  isServerText,
  isServerToken,
} from "./server-values.ts";

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
 * What `listedEntriesSchema` checks of one entry, as a plain function for the common case of a
 * listing with nothing wrong in it: zod copying every field of 20,000 entries cost more than
 * parsing their JSON (bench S5). A listing with any entry that fails this goes through the schema,
 * whose issues say what is wrong.
 */
export function isListedEntry(value: unknown): value is ListedEntry {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === "string" && isServerId(id) && typeof name === "string" && isSafeServerName(name);
}

/** The fields `searchIndexSchema` names, in its order: the order of the object it returns. */
const INDEX_FIELDS = [
  "id",
  "name",
  "endpoint",
  "token",
  "read_only_token",
  "region",
  "type",
  "creation_time",
  "customer_id",
] as const;
const isIndexField = (key: string) => (INDEX_FIELDS as readonly string[]).includes(key);

/**
 * `value` read as `searchIndexSchema` reads it, by a plain function, when nothing in it needs the
 * schema: every field it checks is valid and the two optional ones are absent or of their type.
 * Undefined otherwise, and the caller goes to the schema, whose issues say what is wrong. An
 * action finding one index then checks it without building zod's parse of it (bench S1). Like
 * the schema, it returns a new object: the known fields in the schema's order, then the others.
 */
export function plainSearchIndex(value: unknown): SearchIndex | undefined {
  if (!isPlainRecord(value) || !hasValidIndexFields(value)) return undefined;
  const index: Record<string, unknown> = {};
  for (const key of INDEX_FIELDS) if (Object.hasOwn(value, key)) index[key] = value[key];
  index["type"] = normalizePlan(value["type"] as string);
  for (const key of Object.keys(value)) {
    if (key === "__proto__") return undefined;
    if (!isIndexField(key)) index[key] = value[key];
  }
  return index as SearchIndex;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function hasValidIndexFields(value: Record<string, unknown>): boolean {
  const { id, name, endpoint, token, read_only_token, region, type } = value;
  const optional = (key: string, type: "number" | "string") =>
    !Object.hasOwn(value, key) || typeof value[key] === type;
  return (
    isListedEntry({ id, name }) &&
    isNonEmptyString(endpoint) &&
    isServerEndpoint(endpoint) &&
    isNonEmptyString(token) &&
    isServerToken(token) &&
    isNonEmptyString(read_only_token) &&
    isServerToken(read_only_token) &&
    isNonEmptyString(region) &&
    isServerText(region) &&
    isNonEmptyString(type) &&
    isServerText(type) &&
    optional("creation_time", "number") &&
    Number.isFinite(value["creation_time"] ?? 0) &&
    optional("customer_id", "string")
  );
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}
