import { z } from "zod";
import { type AreaData, type AreaStore, storeArea } from "../../state/area.ts";
import { byName } from "../../state/by-name.ts";

const endpoint = z.looseObject({ name: z.string().optional(), url: z.string() });

const urlGroup = z.looseObject({
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  endpoints: z.array(endpoint),
});

const urlGroupShape = {
  urlGroups: byName(urlGroup),
};

/** URL groups (the API's "topics"): a name and the endpoints a publish to it fans out to. */
export const urlGroupArea = storeArea({ name: "url-groups", shape: urlGroupShape });

export type UrlGroupData = AreaData<typeof urlGroupShape>;
export type UrlGroupStore = AreaStore<UrlGroupData>;
export type StoredUrlGroup = z.infer<typeof urlGroup>;
export type StoredEndpoint = z.infer<typeof endpoint>;
