/**
 * The words that make a name a secret's: a JSON field, a header, a `key=value` pair. Core's one
 * rule, read by the redactor (answers' fields and text) and by replay (recorded headers).
 * Bounded alternatives only: the redactor builds a regular expression around it.
 */
export const SECRET_NAME_WORDS =
  "token|secret|password|passwd|api[-_]?key|authorization|cookie|session|credential|private[-_]?key";

const SECRET_NAME = new RegExp(SECRET_NAME_WORDS, "i");

/** Whether a field or header named so holds a secret (`x-api-key`, `Authorization`, `sessionId`). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}
