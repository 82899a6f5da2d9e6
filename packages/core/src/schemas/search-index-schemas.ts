import { lazily } from "./lazily.ts";
import { LISTED_ENTRY, type ListedEntry, normalizePlan, type SearchIndex } from "./search-index.ts";
import {
  SERVER_VALUE_SCHEMAS,
  serverEndpointSchema,
  serverIdSchema,
  serverNameSchema,
  serverTextSchema,
  serverTokenSchema,
} from "./server-value-schemas.ts";
import * as z from "./zod.ts";

// The zod schemas of `search-index.ts`, in a module of their own: what only checks an input (an
// action refusing one, bench S4) loads no zod, and a run with nothing wrong checks a listing with
// the plain function there (`isListedEntry`, made from the same declaration as
// `listedEntriesSchema`).

/**
 * The search index as the product reads it. The public schema marks nothing required, so
 * unknown fields pass through and absent ones are tolerated, except the seven the product
 * uses. Region and plan stay open strings so that an index in a newer region does not
 * break listing the others. An id or name the API should never send (a control character, a
 * path separator, a dot segment) fails validation: it is never printed or put in a path. Ids,
 * tokens and the endpoint hold only characters no shell reads (see `server-values.ts`).
 */
export const searchIndexSchema = lazily(
  (): z.ZodMiniType<SearchIndex> =>
    z.looseObject({
      id: serverIdSchema(),
      name: serverNameSchema(),
      endpoint: serverEndpointSchema(),
      token: serverTokenSchema(),
      read_only_token: serverTokenSchema(),
      region: z.pipe(serverTextSchema(), z.string().check(z.minLength(1))),
      type: z.pipe(z.pipe(serverTextSchema(), z.string().check(z.minLength(1))), z.transform(normalizePlan)),
      creation_time: z.catch(z.optional(z.number()), undefined),
      customer_id: z.catch(z.optional(z.string()), undefined),
    }),
);

export const searchIndexListSchema = lazily(() => z.array(searchIndexSchema()));

/**
 * A listing checked only for each entry's id and name (the same rules as the full schema: an id
 * or name the API should never send fails here too): cheap enough for accounts with tens of
 * thousands of indexes. `SearchIndexesResource.use` checks an entry in full when an operation
 * picks it.
 */
export const listedEntriesSchema = lazily(() =>
  z.array(
    z.pipe(
      z.looseObject(
        Object.fromEntries(
          Object.entries(LISTED_ENTRY).map(([field, kind]) => [field, SERVER_VALUE_SCHEMAS[kind]()]),
        ),
      ),
      z.transform((entry) => entry as ListedEntry),
    ),
  ),
);
