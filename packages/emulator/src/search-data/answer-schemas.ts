import { z } from "zod";

/**
 * The answers the data plane gives, as the SDKs read them: `{ result }` on success,
 * `{ error }` with a non-2xx status otherwise. Tests validate every answer against these.
 */
const jsonObject = z.record(z.string(), z.unknown());

export const documentAnswerSchema = z.strictObject({
  id: z.string(),
  content: jsonObject.optional(),
  metadata: jsonObject.optional(),
});
export type DocumentAnswer = z.infer<typeof documentAnswerSchema>;

export const searchHitSchema = documentAnswerSchema.extend({ score: z.number().gt(0).lte(1) });
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchAnswerSchema = z.array(searchHitSchema);
export const fetchAnswerSchema = z.array(documentAnswerSchema.nullable());
export const rangeAnswerSchema = z.strictObject({
  nextCursor: z.string(),
  vectors: z.array(documentAnswerSchema),
});
export type RangeAnswer = z.infer<typeof rangeAnswerSchema>;
export const deleteAnswerSchema = z.strictObject({ deleted: z.int().min(0) });

const namespaceInfoSchema = z.strictObject({
  vectorCount: z.int().min(0),
  pendingVectorCount: z.int().min(0),
});
export type NamespaceInfo = z.infer<typeof namespaceInfoSchema>;

export const infoAnswerSchema = z.strictObject({
  vectorCount: z.int().min(0),
  pendingVectorCount: z.int().min(0),
  indexSize: z.int().min(0),
  namespaces: z.record(z.string(), namespaceInfoSchema),
});
export type InfoAnswer = z.infer<typeof infoAnswerSchema>;

export const listNamespacesAnswerSchema = z.array(z.string());
/** Upsert, reset and delete-namespace answer the word the service answers. */
export const successAnswerSchema = z.literal("Success");

export const resultEnvelopeSchema = <T extends z.ZodType>(result: T) => z.strictObject({ result });
export const errorEnvelopeSchema = z.strictObject({ error: z.string().min(1) });
