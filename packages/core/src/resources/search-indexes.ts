import type { z } from "zod";
import { validateIndexId, validateIndexName, validatePlan, validateRegion } from "../schemas/inputs.ts";
import {
  type SearchIndex,
  type SearchPlan,
  type SearchRegion,
  searchIndexListSchema,
  searchIndexSchema,
} from "../schemas/search-index.ts";
import { parseResponse } from "../transport/parse-response.ts";
import type { ApiRequest, ApiResponse, CallOptions, Transport } from "../transport/transport.ts";

export interface CreateSearchIndexInput {
  name: string;
  region: SearchRegion;
  type: SearchPlan;
}

/**
 * Search indexes of the management API. Every index read registers its tokens with the
 * redactor, so they can never reappear in a message or log line.
 */
export class SearchIndexesResource {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  async list(call?: CallOptions): Promise<SearchIndex[]> {
    const request: ApiRequest = {
      method: "GET",
      path: "/v2/search",
      operation: "list search indexes",
      idempotent: true,
    };
    const indexes = await this.#transport.send(request, call, this.#reader(request, searchIndexListSchema));
    for (const index of indexes) this.#remember(index);
    return indexes;
  }

  /** Not idempotent: retried only when the request certainly never arrived. `ensureSearchIndex` is the safe way. */
  async create(input: CreateSearchIndexInput, call?: CallOptions): Promise<SearchIndex> {
    const body = {
      name: validateIndexName(input.name),
      region: validateRegion(input.region),
      type: validatePlan(input.type),
    };
    const request: ApiRequest = {
      method: "POST",
      path: "/v2/search",
      body,
      operation: `create search index ${body.name}`,
      idempotent: false,
    };
    return this.#remember(
      await this.#transport.send(request, call, this.#reader(request, searchIndexSchema)),
    );
  }

  async get(id: string, call?: CallOptions): Promise<SearchIndex> {
    const request: ApiRequest = {
      method: "GET",
      path: indexPath(id),
      operation: `get search index ${id}`,
      idempotent: true,
    };
    return this.#remember(
      await this.#transport.send(request, call, this.#reader(request, searchIndexSchema)),
    );
  }

  async delete(id: string, call?: CallOptions): Promise<void> {
    const request: ApiRequest = {
      method: "DELETE",
      path: indexPath(id),
      operation: `delete search index ${id}`,
      idempotent: true,
    };
    // The API answers the JSON string "OK"; any 2xx means the index is gone.
    await this.#transport.send(request, call);
  }

  get #redactor() {
    return this.#transport.redactor;
  }

  /** Checks a 2xx body inside the retry loop, so an unreadable answer to a GET is tried again. */
  #reader<Schema extends z.ZodType>(request: ApiRequest, schema: Schema) {
    return (response: ApiResponse): z.output<Schema> =>
      parseResponse(request, response, schema, this.#redactor);
  }

  #remember(index: SearchIndex): SearchIndex {
    this.#redactor.add(index.token, index.read_only_token);
    return index;
  }
}

function indexPath(id: string): string {
  return `/v2/search/${encodeURIComponent(validateIndexId(id))}`;
}
