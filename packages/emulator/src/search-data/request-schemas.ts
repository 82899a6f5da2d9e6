import { z } from "zod";

/**
 * The bodies the official SDKs send (`@upstash/search` through `@upstash/vector`'s client,
 * and `upstash-search` for Python), as read from their source. Unknown fields are ignored,
 * as a service does when a newer SDK sends more; a field of the wrong type is a 400.
 */

/**
 * Ids are strings; the vector client also lets numbers through, which the service reads as text
 * (`idText`). Not a zod transform: measured over 1,000 upserts of 100 documents, a transform per
 * document grew the heap by 47 MB of garbage, the check without it by 4 MB (bench E4).
 */
/**
 * Text an id or an id prefix may hold: well-formed UTF-16. SQLite keeps text as UTF-8, in which a
 * lone surrogate (`"\ud800"`) becomes U+FFFD, so `lone\ud800` and `lone\udc00` would be one
 * document (and fetch the other's): refused rather than changed, on both stores.
 */
export const wellFormedId = z
  .string()
  .refine(
    (text) => text.isWellFormed(),
    "holds a lone surrogate (ill-formed UTF-16); an id must be well-formed text",
  );

const documentId = z.union([wellFormedId.check(z.minLength(1)), z.number()]);

/** An id as the service reads it. */
export function idText(id: string | number): string {
  return typeof id === "string" ? id : String(id);
}

const jsonObject = z.record(z.string(), z.unknown());

export const upsertDocumentSchema = z.object({
  id: documentId,
  content: jsonObject,
  metadata: jsonObject.optional(),
});
export type UpsertDocument = z.infer<typeof upsertDocumentSchema>;

/**
 * The SDKs send an array; one bare document is accepted too, as the vector API does (`upsertBody`
 * wraps it). Not a `z.preprocess`: measured over 1,000 upserts of 100 documents, a preprocess
 * around the array grew the heap by 104 MB, the array alone by 2 MB (bench E4: the emulator's
 * resident memory at 100,000 documents went from 235 to 111 MB).
 */
export const upsertBodySchema = z.array(upsertDocumentSchema);

/** An upsert's body as the schema takes it: one bare document becomes a list of one. */
export function upsertBody(body: unknown): unknown {
  return Array.isArray(body) ? body : [body];
}

const includeFlags = {
  includeData: z.boolean().optional(),
  includeMetadata: z.boolean().optional(),
  includeVectors: z.boolean().optional(),
};

/** The largest `topK` and range `limit` the vector API takes. */
export const MAX_TOP_K = 1_000;

export const searchBodySchema = z.object({
  query: z.string(),
  topK: z.int().min(1).max(MAX_TOP_K),
  // An empty filter is "no filter": the Python SDK sends "" by default.
  filter: z.string().optional(),
  reranking: z.boolean().optional(),
  semanticWeight: z.number().min(0).max(1).optional(),
  inputEnrichment: z.boolean().optional(),
  _appendOriginalInputToEnrichmentResult: z.boolean().optional(),
  ...includeFlags,
});
export type SearchBody = z.infer<typeof searchBodySchema>;

/** Exactly one of the keys, so a body with both (or neither) is a 400 rather than a guess. */
function exactlyOne(keys: readonly string[]) {
  return (body: Record<string, unknown>, context: z.core.$RefinementCtx) => {
    const given = keys.filter((key) => body[key] !== undefined);
    if (given.length !== 1) {
      context.addIssue({ code: "custom", message: `give exactly one of ${keys.join(", ")}` });
    }
  };
}

export const fetchBodySchema = z
  .object({ ids: z.array(documentId).optional(), prefix: wellFormedId.optional(), ...includeFlags })
  .superRefine(exactlyOne(["ids", "prefix"]));
export type FetchBody = z.infer<typeof fetchBodySchema>;

export const deleteBodySchema = z
  .object({
    ids: z.array(documentId).optional(),
    // Empty would mean "everything": reset says that more plainly.
    prefix: wellFormedId.check(z.minLength(1)).optional(),
    filter: z.string().min(1).optional(),
  })
  .superRefine(exactlyOne(["ids", "prefix", "filter"]));
export type DeleteBody = z.infer<typeof deleteBodySchema>;

/** The cursor is the position as text ("0", "5"); the vector client may send it as a number. */
export const rangeBodySchema = z.object({
  cursor: z.union([z.string(), z.int().min(0)]).transform(String),
  limit: z.int().min(1).max(MAX_TOP_K),
  prefix: wellFormedId.optional(),
  ...includeFlags,
});
export type RangeBody = z.infer<typeof rangeBodySchema>;
