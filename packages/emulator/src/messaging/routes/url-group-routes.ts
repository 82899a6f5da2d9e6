import type { RouteContext } from "../../http/api.ts";
import { ok, parseJsonBody, type Reply } from "../../http/reply.ts";
import { checkedUrl } from "../engine/destination.ts";
import { messagingErrors } from "../errors.ts";
import type { StoredEndpoint, StoredUrlGroup, UrlGroupStore } from "../records/url-group-store.ts";

/** Documented: names take letters, digits, hyphens, underscores and periods. */
export const URL_GROUP_NAME = /^[A-Za-z0-9._-]+$/;

/** `/v2/topics`: add and remove endpoints (creating and emptying groups), list, get, delete. */
export function urlGroupHandlers(store: UrlGroupStore, now: () => number) {
  const name = (context: RouteContext): string => {
    const value = context.params["name"] ?? "";
    if (!URL_GROUP_NAME.test(value)) throw messagingErrors.invalidName("URL group name");
    return value;
  };
  const existing = (context: RouteContext): StoredUrlGroup => {
    const group = store.get(name(context));
    if (!group) throw messagingErrors.notFound("URL group", name(context));
    return group;
  };
  return {
    addEndpoints(context: RouteContext): Reply {
      const endpoints = endpointList(context.rawBody, true);
      const groupName = name(context);
      const at = now();
      const group = store.get(groupName) ?? { name: groupName, createdAt: at, updatedAt: at, endpoints: [] };
      let kept = group.endpoints;
      for (const added of endpoints) {
        // The same URL (or name) again replaces the endpoint: an upsert.
        kept = [...kept.filter((endpoint) => !sameEndpoint(endpoint, added)), added];
      }
      store.put({ ...group, endpoints: kept, updatedAt: at });
      return ok();
    },
    removeEndpoints(context: RouteContext): Reply {
      const group = existing(context);
      const removed = endpointList(context.rawBody, false);
      const endpoints = group.endpoints.filter((kept) => !removed.some((gone) => sameEndpoint(kept, gone)));
      // Documented: a group left without endpoints is deleted.
      if (endpoints.length === 0) store.delete(group.name);
      else store.put({ ...group, endpoints, updatedAt: now() });
      return ok();
    },
    list: () => ok(store.list().map(groupView)),
    get: (context: RouteContext) => ok(groupView(existing(context))),
    remove(context: RouteContext): Reply {
      store.delete(existing(context).name);
      return ok();
    },
  };
}

function sameEndpoint(a: StoredEndpoint, b: Partial<StoredEndpoint>): boolean {
  return (b.url !== undefined && a.url === b.url) || (b.name !== undefined && a.name === b.name);
}

function groupView(group: StoredUrlGroup) {
  return {
    name: group.name,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    endpoints: group.endpoints.map((endpoint) => ({
      ...(endpoint.name === undefined ? {} : { name: endpoint.name }),
      url: endpoint.url,
    })),
  };
}

/** `{endpoints: [{name?, url}]}`; to remove, an endpoint may be named by its name alone. */
function endpointList(raw: Buffer, urlRequired: boolean): StoredEndpoint[] {
  const body = parseJsonBody(raw) as { endpoints?: unknown } | null;
  const list = body?.endpoints;
  if (!Array.isArray(list) || list.length === 0) {
    throw messagingErrors.invalidBody("body must be {endpoints: [{name?, url}]} with at least one endpoint");
  }
  return list.map((entry: unknown, index) => {
    const { name, url } = (entry ?? {}) as { name?: unknown; url?: unknown };
    if (name !== undefined && typeof name !== "string")
      throw messagingErrors.invalidField(`endpoint ${index}: name`, "must be a string");
    if (url === undefined && (urlRequired || name === undefined)) {
      throw messagingErrors.invalidField(`endpoint ${index}: url`, "is required");
    }
    if (url !== undefined && typeof url !== "string")
      throw messagingErrors.invalidField(`endpoint ${index}: url`, "must be a string");
    return {
      ...(name === undefined ? {} : { name }),
      url: url === undefined ? "" : checkedUrl(url),
    };
  });
}
