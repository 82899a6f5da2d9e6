import { HttpError } from "../http/reply.ts";
import type { RouteContext } from "../routes.ts";
import type { StoredIndex } from "../state/records.ts";
import type { Store } from "../state/store.ts";

export interface ManagementSettings {
  /** The real API's answer to a duplicate name is undocumented; the emulator plays both. */
  duplicateNames: "allow" | "reject";
  duplicateStatus: 400 | 409;
  /** Milliseconds spent between the duplicate check and the insert, to widen races. */
  createDelayMs: number;
}

/** The authenticated account's email; every management route sees only that account's indexes. */
export function ownerOf(context: RouteContext): string {
  if (!context.account) throw new HttpError(401, "Unauthorized");
  return context.account.email;
}

export function ownedIndexes(store: Store, context: RouteContext): StoredIndex[] {
  const owner = ownerOf(context);
  return store.state.indexes.filter((entry) => entry.owner === owner);
}

/** The index named by the `:id` path parameter, if the caller owns it; 404 otherwise. */
export function ownedIndex(store: Store, context: RouteContext): StoredIndex {
  const owner = ownerOf(context);
  const id = context.params["id"];
  const found = store.state.indexes.find((entry) => entry.owner === owner && entry.index.id === id);
  if (!found) throw new HttpError(404, "search index not found");
  return found;
}

/** With duplicate names rejected, refuses a name another of the caller's indexes has. */
export function refuseDuplicateName(
  store: Store,
  context: RouteContext,
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
