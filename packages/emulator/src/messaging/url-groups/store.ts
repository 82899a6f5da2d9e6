import { z } from "zod";
import { storeArea } from "../../state/area.ts";
import { byName, byNameObject } from "../../state/by-name.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import { type Table, valuesOf } from "../../storage/table.ts";

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
export interface UrlGroupStore {
  get(name: string): StoredUrlGroup | undefined;
  list(): StoredUrlGroup[];
  put(group: StoredUrlGroup): void;
  delete(name: string): boolean;
  clear(): void;
}

class UrlGroupTable implements UrlGroupStore {
  readonly #table: Table<StoredUrlGroup>;

  constructor(table: Table<StoredUrlGroup>) {
    this.#table = table;
  }

  get(name: string): StoredUrlGroup | undefined {
    return this.#table.get(name);
  }

  list(): StoredUrlGroup[] {
    return [...valuesOf(this.#table.scan())];
  }

  put(group: StoredUrlGroup): void {
    this.#table.put(group.name, group);
  }

  delete(name: string): boolean {
    return this.#table.delete(name);
  }

  clear(): void {
    this.#table.clear();
  }
}

/** URL groups: a name and the endpoints a publish to it fans out to. */
export const urlGroupArea = storeArea({
  name: "url-groups",
  shape: { urlGroups: byName(urlGroup) },
  open: (engine: StorageEngine): UrlGroupStore =>
    new UrlGroupTable(engine.table<StoredUrlGroup>("messaging_url_groups")),
  exportKeys: (store) => ({ urlGroups: byNameObject(store.list(), (group) => group.name) }),
  importKeys(store, keys) {
    for (const group of keys.urlGroups.values()) store.put(group);
  },
  reset: (store) => store.clear(),
});
