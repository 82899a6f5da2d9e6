import { ConfigurationError } from "../errors/index.ts";
import { plainDocument } from "./search-data.ts";
import { hasUnsafeCharacter, isDotSegment, MAX_ID_LENGTH } from "./server-values.ts";
import * as z from "./zod.ts";

/**
 * What the data-plane client checks before it sends anything. The service documents no limit
 * on namespace names; one goes into the path, so it gets the rules of any path segment here.
 */

/** The default namespace: routes without a namespace segment. */
export const DEFAULT_NAMESPACE = "";

/** The largest `limit` of one range page (and `topK` of one search), as the vector API takes. */
export const MAX_PAGE_SIZE = 1_000;

/** The batch size when the index states none: the service's free and pay-as-you-go plans, and its advice. */
export const DEFAULT_MAX_WRITES_PER_REQUEST = 100;

export function validateNamespace(namespace: string, input = "namespace"): string {
  if (namespace === DEFAULT_NAMESPACE) return namespace;
  if (namespace.length > MAX_ID_LENGTH) {
    throw new ConfigurationError(
      input,
      `${input} is ${namespace.length} characters long: at most ${MAX_ID_LENGTH}`,
    );
  }
  if (hasUnsafeCharacter(namespace) || isDotSegment(namespace) || namespace.trim() !== namespace) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(namespace)} is invalid: a namespace may not be "." or "..", have surrounding spaces, nor contain control characters, "/" or "\\"`,
    );
  }
  return namespace;
}

const jsonObject = z.record(z.string(), z.unknown());

/** A document to upsert: an id (one per document in the namespace), its content and optional metadata. */
export const documentInputSchema = z.object({
  id: z.string().check(z.minLength(1, "an id must not be empty")),
  content: jsonObject,
  metadata: z.optional(jsonObject),
});
export type DocumentInput = z.input<typeof documentInputSchema>;

/**
 * `value` as a document to upsert, read without zod when it has the plain shape (see
 * `plainDocument`: a seed or a clone checks every document it writes); the schema otherwise.
 */
export function parseDocumentInput(value: unknown): ReturnType<typeof documentInputSchema.safeParse> {
  const plain = plainDocument(value);
  if (plain !== undefined && plain.id !== "") return { success: true, data: plain };
  return documentInputSchema.safeParse(value);
}

/** Every document checked before the first batch goes out: a bad one fails the upsert with nothing sent. */
export function validateDocuments(documents: Iterable<DocumentInput>, input = "documents"): DocumentInput[] {
  return Array.from(documents, (document, i) => {
    const parsed = parseDocumentInput(document);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = [i, ...(issue?.path ?? [])].map(String).join(".");
    throw new ConfigurationError(
      input,
      `${input}.${where}: ${issue?.message ?? "invalid"}; nothing was sent`,
    );
  });
}

export function validateIds(ids: readonly string[], input = "ids"): string[] {
  ids.forEach((id, i) => {
    if (typeof id !== "string" || id === "") {
      throw new ConfigurationError(input, `${input}.${i} must be a non-empty string`);
    }
  });
  return [...ids];
}

/** The index's `max_writes_per_request` when it states a usable one; otherwise the default. */
export function maxWritesOf(index: { max_writes_per_request?: unknown }): number {
  const stated = index.max_writes_per_request;
  return typeof stated === "number" && Number.isInteger(stated) && stated >= 1
    ? stated
    : DEFAULT_MAX_WRITES_PER_REQUEST;
}
