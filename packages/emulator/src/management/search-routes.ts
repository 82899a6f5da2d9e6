import { setTimeout as sleep } from "node:timers/promises";
import { HttpError, ok, parseJsonBody } from "../http/reply.ts";
import type { ApiRoute, RouteContext, RouteEntry } from "../routes.ts";
import {
  SEARCH_PLANS,
  SEARCH_REGIONS,
  type SearchPlan,
  type SearchRegion,
  type StoredIndex,
} from "../state/records.ts";
import type { Store } from "../state/store.ts";
import { newSearchIndex } from "./new-index.ts";

export interface ManagementSettings {
  /** The real API's answer to a duplicate name is undocumented; the emulator plays both. */
  duplicateNames: "allow" | "reject";
  duplicateStatus: 400 | 409;
  /** Milliseconds spent between the duplicate check and the insert, to widen races. */
  createDelayMs: number;
}

export function searchRoutes(store: Store, settings: ManagementSettings) {
  const owned = (context: RouteContext): StoredIndex[] =>
    store.state.indexes.filter((entry) => entry.owner === ownerOf(context));

  const findById = (context: RouteContext): StoredIndex => {
    const id = context.params["id"];
    const found = owned(context).find((entry) => entry.index.id === id);
    if (!found) throw new HttpError(404, "search index not found");
    return found;
  };

  const list: ApiRoute = {
    api: "management",
    handle: (context) => ok(owned(context).map((entry) => entry.index)),
  };

  const create: ApiRoute = {
    api: "management",
    async handle(context) {
      const input = validateCreateBody(parseJsonBody(context.rawBody));
      const owner = ownerOf(context);
      if (settings.duplicateNames === "reject" && owned(context).some((e) => e.index.name === input.name)) {
        throw new HttpError(
          settings.duplicateStatus,
          `search index with name "${input.name}" already exists`,
        );
      }
      if (settings.createDelayMs > 0) await sleep(settings.createDelayMs);
      const index = newSearchIndex({ owner, ...input });
      store.state.indexes.push({ owner, index });
      store.commit();
      return ok(index);
    },
  };

  const get: ApiRoute = { api: "management", handle: (context) => ok(findById(context).index) };

  const remove: ApiRoute = {
    api: "management",
    handle(context) {
      const target = findById(context);
      store.state.indexes = store.state.indexes.filter((entry) => entry !== target);
      store.commit();
      return ok("OK");
    },
  };

  return { list, create, get, remove };
}

/** The management API's search index routes, in the order the router should try them. */
export function searchRouteTable({
  store,
  settings,
}: {
  store: Store;
  settings: ManagementSettings;
}): RouteEntry[] {
  const search = searchRoutes(store, settings);
  return [
    { method: "GET", pattern: "/v2/search", route: search.list },
    { method: "POST", pattern: "/v2/search", route: search.create },
    { method: "GET", pattern: "/v2/search/:id", route: search.get },
    { method: "DELETE", pattern: "/v2/search/:id", route: search.remove },
  ];
}

function ownerOf(context: RouteContext): string {
  if (!context.account) throw new HttpError(401, "Unauthorized");
  return context.account.email;
}

function validateCreateBody(body: unknown): { name: string; region: SearchRegion; type: SearchPlan } {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new HttpError(400, "request body must be a JSON object with name, region and type");
  }
  const { name, region, type } = body as Record<string, unknown>;
  if (typeof name !== "string" || name.trim() === "") {
    throw new HttpError(400, "name is required and must be a non-empty string");
  }
  if (!SEARCH_REGIONS.includes(region as SearchRegion)) {
    throw new HttpError(400, `region must be one of ${SEARCH_REGIONS.join(", ")}`);
  }
  if (!SEARCH_PLANS.includes(type as SearchPlan)) {
    throw new HttpError(400, `type must be one of ${SEARCH_PLANS.join(", ")}`);
  }
  return { name, region: region as SearchRegion, type: type as SearchPlan };
}
