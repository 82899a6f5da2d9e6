import { lazily } from "./lazily.ts";
import {
  isSafeServerName,
  isServerEndpoint,
  isServerId,
  isServerText,
  isServerToken,
  serverEndpointSchema,
  serverIdSchema,
  serverNameSchema,
  serverTextSchema,
  serverTokenSchema,
} from "./server-values.ts";
import * as z from "./zod.ts";

export const SEARCH_REGIONS = ["eu-west-1", "us-central1"] as const;
export type SearchRegion = (typeof SEARCH_REGIONS)[number];
export const SEARCH_PLANS = ["free", "payg", "fixed"] as const;
export type SearchPlan = (typeof SEARCH_PLANS)[number];

/** A related tool reports the pay-as-you-go plan as "paid"; it is the same plan. */
export function normalizePlan(plan: string): string {
  return plan === "paid" ? "payg" : plan;
}

/**
 * The search index as the product reads it. The public schema marks nothing required, so
 * unknown fields pass through and absent ones are tolerated, except the seven the product
 * uses. Region and plan stay open strings so that an index in a newer region does not
 * break listing the others. An id or name the API should never send (a control character, a
 * path separator, a dot segment) fails validation: it is never printed or put in a path. Ids,
 * tokens and the endpoint hold only characters no shell reads (see `server-values.ts`).
 */
export const searchIndexSchema = lazily(() =>
  z.looseObject({
    id: serverIdSchema(),
    name: serverNameSchema(),
    endpoint: serverEndpointSchema(),
    token: serverTokenSchema(),
    read_only_token: serverTokenSchema(),
    region: z.pipe(serverTextSchema(), z.string().check(z.minLength(1))),
    type: z.pipe(z.pipe(serverTextSchema(), z.string().check(z.minLength(1))), z.transform(normalizePlan)),
    creation_time: z.catch(z.optional(z.number()), undefined),
    customer_id: z.catch(z.optional(z.string()), undefined),
  }),
);

export type SearchIndex = z.output<ReturnType<typeof searchIndexSchema>>;
export const searchIndexListSchema = lazily(() => z.array(searchIndexSchema()));

/** One entry of a listing as far as finding an index needs: its id and name; the rest is checked on use. */
export interface ListedEntry {
  id: string;
  name: string;
  [field: string]: unknown;
}

/**
 * A listing checked only for each entry's id and name (the same rules as the full schema: an id
 * or name the API should never send fails here too): cheap enough for accounts with tens of
 * thousands of indexes. `SearchIndexesResource.use` checks an entry in full when an operation
 * picks it.
 */
export const listedEntriesSchema = lazily(() =>
  z.array(
    z.pipe(
      z.looseObject({ id: serverIdSchema(), name: serverNameSchema() }),
      z.transform((entry) => entry as ListedEntry),
    ),
  ),
);

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
