import { setTimeout as sleep } from "node:timers/promises";
import { HttpError, ok, parseJsonBody } from "../http/reply.ts";
import type { ApiRoute } from "../routes.ts";
import { SEARCH_PLANS, SEARCH_REGIONS, type SearchPlan, type SearchRegion } from "../state/records.ts";
import type { Store } from "../state/store.ts";
import { newSearchIndex } from "./new-index.ts";
import {
  type ManagementSettings,
  nonEmptyString,
  objectBody,
  ownedIndex,
  ownedIndexes,
  ownerOf,
  refuseDuplicateName,
} from "./owned-indexes.ts";

export type { ManagementSettings } from "./owned-indexes.ts";

/** List, create, get and delete: `/v2/search` and `/v2/search/{id}`. */
export function searchRoutes(store: Store, settings: ManagementSettings) {
  const list: ApiRoute = {
    api: "management",
    handle: (context) => ok(ownedIndexes(store, context).map((entry) => entry.index)),
  };

  const create: ApiRoute = {
    api: "management",
    async handle(context) {
      const input = validateCreateBody(parseJsonBody(context.rawBody));
      const owner = ownerOf(context);
      refuseDuplicateName(store, context, settings, input.name);
      if (settings.createDelayMs > 0) await sleep(settings.createDelayMs);
      const index = newSearchIndex({ owner, ...input });
      store.state.indexes.push({ owner, index });
      store.commit();
      return ok(index);
    },
  };

  const get: ApiRoute = { api: "management", handle: (context) => ok(ownedIndex(store, context).index) };

  const remove: ApiRoute = {
    api: "management",
    handle(context) {
      const target = ownedIndex(store, context);
      store.state.indexes = store.state.indexes.filter((entry) => entry !== target);
      store.commit();
      return ok("OK");
    },
  };

  return { list, create, get, remove };
}

function validateCreateBody(body: unknown): { name: string; region: SearchRegion; type: SearchPlan } {
  const { name, region, type } = objectBody(body, "name, region and type");
  nonEmptyString(name, "name");
  if (!SEARCH_REGIONS.includes(region as SearchRegion)) {
    throw new HttpError(400, `region must be one of ${SEARCH_REGIONS.join(", ")}`);
  }
  if (!SEARCH_PLANS.includes(type as SearchPlan)) {
    throw new HttpError(400, `type must be one of ${SEARCH_PLANS.join(", ")}`);
  }
  return { name: name as string, region: region as SearchRegion, type: type as SearchPlan };
}
