import { namedError } from "../http/errors.ts";

/**
 * Every error the search data plane answers, by meaning: a handler throws one of these, this file
 * decides its status and words, and the profile sends `{"error": "…"}`. The service's REST API
 * answers 400 for a bad body or a command that fails (a missing namespace included), 401 when
 * the token is missing, wrong or may not write, 404 for an unknown route, 405 for a method other
 * than GET or POST, and 429 over the per-second limits (the pipeline's `tooManyRequests`).
 */
export const searchDataErrors = {
  /** The service answers 400, not 404, for a namespace it does not hold: `Namespace "x" does not exist`. */
  notFound: (kind: "Namespace", name: string) =>
    namedError("NotFound", 400, `${kind} "${name}" does not exist`),
  unknownRoute: (route: string) => namedError("UnknownRoute", 404, `Unknown route ${route || "(none)"}`),
  methodNotAllowed: () => namedError("MethodNotAllowed", 405, "Method not allowed: use POST"),
  unauthorized: (why: "missing bearer token" | "invalid token" | "the read-only token cannot write") =>
    namedError("Unauthorized", 401, `Unauthorized: ${why}`),
  /** `where` is a path into the body (` at documents.0.id`), or empty for the body as a whole. */
  invalidBody: (detail: string, where = "") =>
    namedError("InvalidBody", 400, `Invalid request body${where}: ${detail}`),
  invalidFilter: (cause: Error) => namedError("InvalidFilter", 400, cause.message),
  invalidCursor: (cursor: string) =>
    namedError(
      "InvalidCursor",
      400,
      `Invalid cursor "${cursor}": use "0" or a nextCursor from an earlier range`,
    ),
  namespaceRequired: () =>
    namedError("NamespaceRequired", 400, "Name the namespace to delete: delete-namespace/{namespace}"),
  defaultNamespaceKept: () =>
    namedError("DefaultNamespaceKept", 400, "The default namespace cannot be deleted"),
  tooManyInRequest: (count: number, most: number) =>
    namedError(
      "TooManyInRequest",
      400,
      `Too many documents in one request: ${count}, this index takes at most ${most}`,
    ),
  /** An index's own limits (its plan's), not the emulator's `limits` (those are `LimitReached`). */
  namespaceLimit: (most: number) =>
    namedError("LimitReached", 400, `Namespace limit reached: a database holds at most ${most} namespaces`),
  documentLimit: (most: number) =>
    namedError("LimitReached", 400, `Document limit reached: this index holds at most ${most} documents`),
  documentTooLarge: (id: string, bytes: number, most: number) =>
    namedError(
      "DocumentTooLarge",
      400,
      `Document "${id}" is ${bytes} bytes as JSON; a document may have at most ${most}`,
    ),
  queryTooLong: (length: number, most: number) =>
    namedError("QueryTooLong", 400, `Query is ${length} characters long; at most ${most} are searched`),
};
