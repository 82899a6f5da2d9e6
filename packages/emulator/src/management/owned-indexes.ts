import type { RouteContext } from "../http/api.ts";
import { HttpError } from "../http/reply.ts";
import type { Account } from "../options/emulator-options.ts";
import type { EmulatorSettings } from "../options/setting-declarations.ts";
import type { IndexStore, StoredIndex } from "./store.ts";

/** A management request: its principal is the account that HTTP Basic authenticated. */
export type ManagementContext = RouteContext<Account>;

/** The live settings the management routes read (the real API's duplicate-name answer is undocumented). */
export type ManagementSettings = Pick<
  EmulatorSettings,
  "duplicateNames" | "duplicateStatus" | "createDelayMs" | "searchEndpoint"
>;

/** The authenticated account's email; every management route sees only that account's indexes. */
export function ownerOf(context: ManagementContext): string {
  return context.principal.email;
}

export function ownedIndexes(store: IndexStore, context: ManagementContext): StoredIndex[] {
  const owner = ownerOf(context);
  return store.list().filter((entry) => entry.owner === owner);
}

/** The index named by the `:id` path parameter, if the caller owns it; 404 otherwise. */
export function ownedIndex(store: IndexStore, context: ManagementContext): StoredIndex {
  const owner = ownerOf(context);
  const found = store.get(context.params["id"] ?? "");
  if (found?.owner !== owner) throw new HttpError(404, "search index not found");
  return found;
}

/** With duplicate names rejected, refuses a name another of the caller's indexes has. */
export function refuseDuplicateName(
  store: IndexStore,
  context: ManagementContext,
  settings: ManagementSettings,
  name: string,
): void {
  if (settings.duplicateNames !== "reject") return;
  if (ownedIndexes(store, context).some((entry) => entry.index.name === name)) {
    throw new HttpError(settings.duplicateStatus, `search index with name "${name}" already exists`);
  }
}

/** A JSON object body, or a 400 saying which fields it needs. */
export function objectBody(body: unknown, fields: string): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new HttpError(400, `request body must be a JSON object with ${fields}`);
  }
  return body as Record<string, unknown>;
}

export function nonEmptyString(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new HttpError(400, `${field} is required and must be a non-empty string`);
  }
  return value;
}
