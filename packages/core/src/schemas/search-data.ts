import * as z from "./zod.ts";

/**
 * The answers of a search index's data plane (its REST URL), as the official SDKs read them
 * (`@upstash/search` on `@upstash/vector`'s HTTP client): every 2xx body is `{"result": ...}`.
 * Fields the service adds beyond these are ignored, so a newer service does not break reading.
 * An error is `{"error": "..."}` with a non-2xx status; the transport reads its message and maps
 * the status to the typed errors.
 */

/**
 * The `{"result": ...}` envelope around `result`, read as the result alone. The declared return
 * type keeps the emitted `.d.ts` simple: zod's inferred mapped type fails a consumer's `tsc`
 * when it checks library declarations.
 */
export function resultOf<Schema extends z.ZodMiniType>(result: Schema): z.ZodMiniType<z.output<Schema>> {
  return z.pipe(
    z.object({ result }),
    z.transform((envelope) => (envelope as { result: z.output<Schema> }).result),
  );
}

const jsonObject = z.record(z.string(), z.unknown());

/** A stored document: `content` is what search ranks on, `metadata` what filters may also name. */
export const searchDocumentSchema = z.object({
  id: z.string(),
  content: jsonObject,
  metadata: z.optional(jsonObject),
});
export type SearchDocument = z.output<typeof searchDocumentSchema>;

/**
 * `value` as a document when it has the plain shape, `{id, content, metadata?}` with a string id
 * and plain objects, read without zod; undefined otherwise. Zod rebuilds each document and each
 * of its objects key by key, and a clone reads and writes every document once: those copies were
 * most of a large clone's garbage (bench S10m). What this accepts the schema accepts too, read
 * the same way (a field beyond the three is left out); anything else goes to the schema, which
 * then says what is wrong.
 */
export function plainDocument(value: unknown): SearchDocument | undefined {
  if (!isPlainObject(value)) return undefined;
  const { id, content, metadata } = value;
  if (typeof id !== "string" || !isPlainObject(content)) return undefined;
  if (metadata !== undefined && !isPlainObject(metadata)) return undefined;
  if (hasOnlyDocumentFields(value)) return value as SearchDocument;
  return metadata === undefined ? { id, content } : { id, content, metadata };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function hasOnlyDocumentFields(value: object): boolean {
  for (const key in value) if (key !== "id" && key !== "content" && key !== "metadata") return false;
  return true;
}

/** Documents as `plainDocument` reads them, uncopied; the schema reads (and judges) a list with any other entry. */
const documentListSchema = z.pipe(
  z.unknown(),
  z.transform((value, payload): SearchDocument[] => {
    if (Array.isArray(value)) {
      const documents = value.map(plainDocument);
      if (documents.every((document) => document !== undefined)) return documents;
    }
    const parsed = z.safeParse(z.array(searchDocumentSchema), value);
    if (parsed.success) return parsed.data;
    // The issues as the schema found them, each where it is in the list (classic zod's `addIssue`).
    for (const { path, message } of parsed.error.issues) {
      payload.issues.push({ code: "custom", path, message, input: value });
    }
    return z.NEVER;
  }),
);

/** One search hit: the document and its score, in (0, 1], best first. */
export const searchHitSchema = z.extend(searchDocumentSchema, { score: z.number() });
export type SearchHit = z.output<typeof searchHitSchema>;

/** Upsert, reset and delete-namespace answer a word ("Success"); any word is taken as done. */
export const doneAnswerSchema = resultOf(z.string());
/** One entry per id asked for, in order: `null` for an id the namespace does not hold. */
export const fetchAnswerSchema = resultOf(z.array(z.nullable(searchDocumentSchema)));
export const searchAnswerSchema = resultOf(z.array(searchHitSchema));
export const deleteAnswerSchema = resultOf(z.object({ deleted: z.int().check(z.minimum(0)) }));

/** One page of a range; `nextCursor` is "" after the last page. */
export const rangeAnswerSchema = resultOf(z.object({ nextCursor: z.string(), vectors: documentListSchema }));
export type RangePage = { nextCursor: string; documents: SearchDocument[] };

const countsSchema = z.object({
  vectorCount: z.int().check(z.minimum(0)),
  pendingVectorCount: z.int().check(z.minimum(0)),
});
export type NamespaceCounts = z.output<typeof countsSchema>;

/**
 * The database's counts: documents (`vectorCount`) and documents not yet searchable
 * (`pendingVectorCount`), in all and per namespace ("" is the default namespace), and its size
 * in bytes.
 */
export const infoAnswerSchema = resultOf(
  z.extend(countsSchema, {
    indexSize: z.number().check(z.minimum(0)),
    namespaces: z.record(z.string(), countsSchema),
  }),
);
export type SearchIndexInfo = z.output<typeof infoAnswerSchema>;

export const listNamespacesAnswerSchema = resultOf(z.array(z.string()));
