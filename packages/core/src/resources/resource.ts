import type { $ZodType, output } from "zod/v4/core";
import type { ApiRequest, ApiResponse } from "../transport/api-request.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { parseResponse } from "../transport/parse-response.ts";
import type { Redactor } from "../transport/redactor.ts";
import type { Transport } from "../transport/transport.ts";

/**
 * The base of every resource: a method builds its request (`get`, `post`, `del` below) and hands
 * it to `read` (a 2xx body checked against a schema) or `send` (any 2xx is success). The body
 * is checked inside the retry loop, so an unreadable answer to an idempotent call is tried again.
 */
export abstract class Resource {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  protected get redactor(): Redactor {
    return this.#transport.redactor;
  }

  /** Sends `request` and returns its 2xx body as `schema` reads it. */
  protected read<Schema extends $ZodType>(
    request: ApiRequest,
    schema: Schema,
    call?: CallOptions,
  ): Promise<output<Schema>> {
    return this.#transport.send(request, call, (response) =>
      parseResponse(request, response, schema, this.redactor),
    );
  }

  /** Sends `request` and returns what `reader` makes of the 2xx answer (it may throw ResponseValidationError). */
  protected readWith<T>(
    request: ApiRequest,
    reader: (response: ApiResponse) => T,
    call?: CallOptions,
  ): Promise<T> {
    return this.#transport.send(request, call, reader);
  }

  /** Sends `request`; any 2xx answer is success and its body is not read. */
  protected async send(request: ApiRequest, call?: CallOptions): Promise<void> {
    await this.#transport.send(request, call);
  }
}

/** Requests are idempotent unless said otherwise: every call of these APIs but a create may be repeated. */
type Query = ApiRequest["query"];

export function get(path: string, operation: string, query?: Query): ApiRequest {
  return { method: "GET", path, operation, idempotent: true, ...(query === undefined ? {} : { query }) };
}

export function post(
  path: string,
  operation: string,
  options: { body?: unknown; idempotent?: boolean; query?: Query } = {},
): ApiRequest {
  const { body, idempotent = true, query } = options;
  return {
    method: "POST",
    path,
    operation,
    idempotent,
    ...(body === undefined ? {} : { body }),
    ...(query === undefined ? {} : { query }),
  };
}

export function del(path: string, operation: string, query?: Query): ApiRequest {
  return { method: "DELETE", path, operation, idempotent: true, ...(query === undefined ? {} : { query }) };
}
