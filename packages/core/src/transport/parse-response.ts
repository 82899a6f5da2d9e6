import type { z } from "zod";
import { describeFailure, ResponseValidationError } from "../errors/index.ts";
import { tryParseJson } from "./api-message.ts";
import { maskSecretFields, maskSecretText, type Redactor } from "./redactor.ts";
import type { ApiRequest, ApiResponse } from "./transport.ts";

const EXCERPT_LENGTH = 200;

/** Parses a 2xx body as JSON and checks it against `schema`, or says precisely what is wrong. */
export function parseResponse<Schema extends z.ZodType>(
  request: ApiRequest,
  response: ApiResponse,
  schema: Schema,
  redactor: Redactor,
): z.output<Schema> {
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
export function checkParsed<Schema extends z.ZodType>(
  request: ApiRequest,
  response: Pick<ApiResponse, "status" | "requestId">,
  value: unknown,
  schema: Schema,
  redactor: Redactor,
): z.output<Schema> {
  const context = {
    operation: request.operation,
    method: request.method,
    path: request.path,
    status: response.status,
    requestId: response.requestId,
  };
  const result = schema.safeParse(value);
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

function excerpt(text: string, redactor: Redactor): string {
  const masked = redactor.redact(maskSecretText(text.replace(/\s+/g, " ").trim()));
  return masked.length > EXCERPT_LENGTH ? `${masked.slice(0, EXCERPT_LENGTH)}…` : masked;
}

function idOf(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const id = (value as Record<string, unknown>)["id"];
  return typeof id === "string" && id !== "" ? id : undefined;
}
