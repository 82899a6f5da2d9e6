import type { $ZodType, output } from "zod/v4/core";
import { describeFailure, ResponseValidationError } from "../errors/index.ts";
import { isSafeId } from "../schemas/server-values.ts";
import * as z from "../schemas/zod.ts";
import { tryParseJson } from "./api-message.ts";
import type { ApiRequest, ApiResponse } from "./api-request.ts";
import { redactAndClip } from "./clip.ts";
import { maskSecretFields, maskSecretText, type Redactor } from "./redactor.ts";

const EXCERPT_LENGTH = 200;

/** Parses a 2xx body as JSON and checks it against `schema`, or says precisely what is wrong. */
export function parseResponse<Schema extends $ZodType>(
  request: ApiRequest,
  response: ApiResponse,
  schema: Schema,
  redactor: Redactor,
): output<Schema> {
  const parsed = tryParseJson(response.text);
  const context = {
    operation: request.operation,
    method: request.method,
    path: request.path,
    status: response.status,
    requestId: response.requestId,
  };
  if (!parsed.ok) {
    const what = /^\s*</.test(response.text) ? "an HTML page" : "a body that is not JSON";
    throw new ResponseValidationError(describeFailure(context, `answered ${response.status} with ${what}`), {
      ...context,
      issues: [{ path: [], message: "not JSON" }],
      bodyExcerpt: excerpt(response.text, redactor),
    });
  }
  return checkParsed(request, response, parsed.value, schema, redactor);
}

/**
 * Checks an already parsed value (a whole body, or one entry of a listed body) against `schema`,
 * or says precisely what is wrong, naming the request that brought it.
 */
export function checkParsed<Schema extends $ZodType>(
  request: ApiRequest,
  response: Pick<ApiResponse, "status" | "requestId">,
  value: unknown,
  schema: Schema,
  redactor: Redactor,
): output<Schema> {
  const context = {
    operation: request.operation,
    method: request.method,
    path: request.path,
    status: response.status,
    requestId: response.requestId,
  };
  // The functional parse takes any of zod's schemas: core's (zod/mini) and the classic ones of
  // the search-data answers alike.
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: issue.message,
  }));
  const first = issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
    .join("; ");
  throw new ResponseValidationError(
    describeFailure(context, `answered ${response.status} with an unexpected body (${first})`),
    {
      ...context,
      issues,
      bodyExcerpt: excerpt(JSON.stringify(maskSecretFields(value)), redactor),
      resourceId: idOf(value),
    },
  );
}

/**
 * The start of a body for a message. Only a bounded prefix is ever looked at: the redactor stops
 * once it has enough (recognising a secret the cut would split), the token-field pattern then
 * runs over that prefix alone, and the result is clipped.
 */
function excerpt(text: string, redactor: Redactor): string {
  return redactAndClip(maskSecretText(redactor.redact(text, EXCERPT_LENGTH * 4)), redactor, EXCERPT_LENGTH);
}

function idOf(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const id = (value as Record<string, unknown>)["id"];
  // An id the API should never send is not worth naming: it would be refused when used.
  return typeof id === "string" && isSafeId(id) ? id : undefined;
}
