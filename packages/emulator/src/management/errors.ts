import { namedError } from "../http/errors.ts";

/**
 * Every error the management API answers, by meaning: a handler throws one of these, this file
 * decides its status and words, and the profile words the body in the configured style
 * (`managementErrorStyle`: text, a JSON string, `{"error"}` or `{"message"}`).
 */
export const managementErrors = {
  /** The service does not repeat the id it could not find: `search index not found`. */
  notFound: (kind: string) => namedError("NotFound", 404, `${kind} not found`),
  unauthorized: () => namedError("Unauthorized", 401, "Unauthorized"),
  /** With duplicate names rejected; the status is a setting (`duplicateStatus`), as services differ. */
  alreadyExists: (kind: string, name: string, status: number) =>
    namedError("AlreadyExists", status, `${kind} with name "${name}" already exists`),
  /** A body refused as a whole; `fields` says what it must hold. */
  notAnObject: (fields: string) =>
    namedError("InvalidBody", 400, `request body must be a JSON object with ${fields}`),
  missingField: (field: string) =>
    namedError("InvalidBody", 400, `${field} is required and must be a non-empty string`),
  /** A body field or a query parameter outside the values the API takes. */
  notOneOf: (name: string, allowed: readonly string[]) =>
    namedError("InvalidValue", 400, `${name} must be one of ${allowed.join(", ")}`),
};
