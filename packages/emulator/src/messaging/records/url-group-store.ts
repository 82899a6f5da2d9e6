import { z } from "zod";
import { storeArea } from "../../state/area.ts";
import { byName, byNameObject } from "../../state/by-name.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import { type RecordStore, recordStore } from "../../storage/record-store.ts";

const endpoint = z.looseObject({ name: z.string().optional(), url: z.string() });

const urlGroup = z.looseObject({
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  endpoints: z.array(endpoint),
});

export type StoredUrlGroup = z.infer<typeof urlGroup>;
export type StoredEndpoint = z.infer<typeof endpoint>;

/** URL groups (the API's "topics") by name, in the order they were made. */
export type UrlGroupStore = RecordStore<StoredUrlGroup>;

/** URL groups: a name and the endpoints a publish to it fans out to. */
export const urlGroupArea = storeArea({
  name: "url-groups",
  shape: { urlGroups: byName(urlGroup) },
  open: (engine: StorageEngine): UrlGroupStore =>
    recordStore(engine.table("messaging_url_groups", urlGroup), (group) => group.name),
  exportKeys: (store) => ({ urlGroups: byNameObject(store.list(), (group) => group.name) }),
  importKeys(store, keys) {
    for (const group of keys.urlGroups.values()) store.put(group);
  },
  reset: (store) => store.clear(),
});
