import { ConfigurationError } from "../errors/index.ts";
import { post } from "../resources/resource.ts";
import { restUrl } from "../resources/rest-url.ts";
import { SearchDocumentsResource } from "../resources/search-documents.ts";
import { callOf, route } from "../resources/search-routes.ts";
import {
  doneAnswerSchema,
  infoAnswerSchema,
  listNamespacesAnswerSchema,
  type SearchIndexInfo,
} from "../schemas/search-data.ts";
import {
  DEFAULT_MAX_WRITES_PER_REQUEST,
  DEFAULT_NAMESPACE,
  maxWritesOf,
  validateNamespace,
} from "../schemas/search-data-inputs.ts";
import type { SearchIndex } from "../schemas/search-index.ts";
import { baseUrlString } from "../transport/base-url.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { Redactor } from "../transport/redactor.ts";
import type { RetryBudget } from "../transport/retry-budget.ts";
import type { Transport } from "../transport/transport.ts";
import {
  buildTransport,
  type ClientOptions,
  requireSecret,
  type SearchIndexDataOptions,
} from "./client-options.ts";
import { searchDataOptionsFromEnv } from "./from-env.ts";

/** What `fromIndex` needs of an index: the record `ensureSearchIndex` (or `get`) returns has it all. */
export type IndexCredentials = Pick<SearchIndex, "endpoint" | "token" | "read_only_token"> & {
  max_writes_per_request?: unknown;
};

export interface FromIndexOptions extends ClientOptions {
  /** Use the index's read-only token: writes are then refused by the service. */
  readOnly?: boolean;
  /** How a bare endpoint becomes the REST URL; see `restUrl`. */
  restUrlTemplate?: string;
}

/**
 * Client of one search index's data plane (its REST URL, a Bearer token): the documents of its
 * namespaces, its counts and its namespaces, with the transport's retries, deadline, shared
 * backoff on 429 and redaction. The token lives in private fields and is masked in every message.
 */
export class SearchIndexData extends SearchDocumentsResource {
  readonly #transport: Transport;
  readonly #redactor: Redactor;

  constructor(options: SearchIndexDataOptions) {
    const token = requireSecret(options.token, "token", "set the index's token (UPSTASH_SEARCH_REST_TOKEN)");
    const { transport, redactor } = buildTransport(
      { ...options, baseUrl: options.url },
      {
        defaultBaseUrl: options.url,
        baseUrlInput: "url",
        authorization: `Bearer ${token}`,
        secrets: [token],
      },
    );
    super(transport, options.maxWritesPerRequest ?? DEFAULT_MAX_WRITES_PER_REQUEST);
    this.#transport = transport;
    this.#redactor = redactor;
  }

  /**
   * A client for an index as the management API describes it: its REST URL from `endpoint`, its
   * token (or read-only token), batches as large as its `max_writes_per_request` (default 100).
   * Both tokens are masked.
   */
  static fromIndex(index: IndexCredentials, options: FromIndexOptions = {}): SearchIndexData {
    const { readOnly = false, restUrlTemplate, ...clientOptions } = options;
    const redactor = options.redactor ?? new Redactor();
    redactor.add(index.token, index.read_only_token);
    return new SearchIndexData({
      ...clientOptions,
      redactor,
      url: restUrlTemplate === undefined ? restUrl(index) : restUrl(index, restUrlTemplate),
      token: readOnly ? index.read_only_token : index.token,
      maxWritesPerRequest: maxWritesOf(index),
    });
  }

  /**
   * A client from `UPSTASH_SEARCH_REST_URL` and `UPSTASH_SEARCH_REST_TOKEN` (what the official
   * SDK's `Search.fromEnv()` reads, and what export-env writes), read from `options.env` or
   * `process.env`.
   */
  static fromEnv(options: ClientOptions & { maxWritesPerRequest?: number } = {}): SearchIndexData {
    return new SearchIndexData(searchDataOptionsFromEnv(options));
  }

  /** The REST URL in use, without trailing slash. */
  get url(): string {
    return baseUrlString(this.#transport.baseUrl);
  }

  /** Documents and pending documents, in all and per namespace, and the size in bytes. */
  async info(call: CallOptions = {}): Promise<SearchIndexInfo> {
    return this.read(post("/info", "read index info"), infoAnswerSchema, callOf(call));
  }

  /** The namespaces; "" is the default one. */
  async listNamespaces(call: CallOptions = {}): Promise<string[]> {
    return this.read(post("/list-namespaces", "list namespaces"), listNamespacesAnswerSchema, callOf(call));
  }

  /** Deletes a namespace and its documents. The default namespace cannot be deleted. */
  async deleteNamespace(namespace: string, call: CallOptions = {}): Promise<void> {
    if (validateNamespace(namespace) === DEFAULT_NAMESPACE) {
      throw new ConfigurationError("namespace", "the default namespace cannot be deleted; reset empties it");
    }
    const request = post(
      route("delete-namespace", { namespace }),
      `delete namespace ${JSON.stringify(namespace)}`,
    );
    await this.read(request, doneAnswerSchema, callOf(call));
  }

  /** The attempts, backoff and deadline an operation may spend repeating a call of its own. */
  retryBudget(call?: CallOptions): RetryBudget {
    return this.#transport.retryBudget(call);
  }

  /** Masks every secret this client knows in `text`. */
  redact(text: string): string {
    return this.#redactor.redact(text);
  }
}
