import { setTimeout as sleep } from "node:timers/promises";
import { ok, parseJsonBody } from "../http/reply.ts";
import { answeredIndex } from "./endpoint-form.ts";
import { managementErrors } from "./errors.ts";
import { newSearchIndex } from "./new-index.ts";
import {
  type ManagementContext,
  type ManagementSettings,
  nonEmptyString,
  objectBody,
  ownedIndex,
  ownedIndexes,
  ownerOf,
  refuseDuplicateName,
} from "./owned-indexes.ts";
import {
  type IndexStore,
  SEARCH_PLANS,
  SEARCH_REGIONS,
  type SearchPlan,
  type SearchRegion,
} from "./store.ts";

/** List, create, get and delete: `/v2/search` and `/v2/search/{id}`. */
export function searchHandlers(store: IndexStore, settings: ManagementSettings, now: () => number) {
  return {
    list: (context: ManagementContext) =>
      ok(
        ownedIndexes(store, context).map((entry) =>
          answeredIndex(entry.index, context.req, settings.searchEndpoint),
        ),
      ),
    async create(context: ManagementContext) {
      const input = validateCreateBody(parseJsonBody(context.rawBody));
      const owner = ownerOf(context);
      refuseDuplicateName(store, context, settings, input.name);
      if (settings.createDelayMs > 0) await sleep(settings.createDelayMs);
      // After the await: its own unit of work (the pipeline's ended at the await).
      return context.unit(() => {
        store.roomFor(1);
        const index = newSearchIndex({ owner, ...input, now: new Date(now()) });
        store.put({ owner, index });
        return ok(answeredIndex(index, context.req, settings.searchEndpoint));
      });
    },
    get: (context: ManagementContext) =>
      ok(answeredIndex(ownedIndex(store, context).index, context.req, settings.searchEndpoint)),
    remove(context: ManagementContext) {
      store.delete(ownedIndex(store, context).index.id);
      return ok("OK");
    },
  };
}

function validateCreateBody(body: unknown): { name: string; region: SearchRegion; type: SearchPlan } {
  const { name, region, type } = objectBody(body, "name, region and type");
  nonEmptyString(name, "name");
  if (!SEARCH_REGIONS.includes(region as SearchRegion)) {
    throw managementErrors.notOneOf("region", SEARCH_REGIONS);
  }
  if (!SEARCH_PLANS.includes(type as SearchPlan)) {
    throw managementErrors.notOneOf("type", SEARCH_PLANS);
  }
  return { name: name as string, region: region as SearchRegion, type: type as SearchPlan };
}
