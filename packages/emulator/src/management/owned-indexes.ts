import type { RouteContext } from "../http/api.ts";
import type { Account } from "../options/emulator-options.ts";
import type { EmulatorSettings } from "../options/setting-declarations.ts";
import { managementErrors } from "./errors.ts";
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
  if (found?.owner !== owner) throw managementErrors.notFound("search index");
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
    throw managementErrors.alreadyExists("search index", name, settings.duplicateStatus);
  }
}

/** A JSON object body, or a 400 saying which fields it needs. */
export function objectBody(body: unknown, fields: string): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw managementErrors.notAnObject(fields);
  }
  return body as Record<string, unknown>;
}

export function nonEmptyString(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw managementErrors.missingField(field);
  }
  return value;
}
