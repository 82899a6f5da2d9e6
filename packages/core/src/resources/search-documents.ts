import { ConfigurationError } from "../errors/index.ts";
import {
  deleteAnswerSchema,
  doneAnswerSchema,
  fetchAnswerSchema,
  type RangePage,
  rangeAnswerSchema,
  type SearchDocument,
  type SearchHit,
  searchAnswerSchema,
} from "../schemas/search-data.ts";
import {
  type DocumentInput,
  MAX_PAGE_SIZE,
  validateDocuments,
  validateIds,
} from "../schemas/search-data-inputs.ts";
import * as z from "../schemas/zod.ts";
import { wholeNumberIn } from "../transport/retry-policy.ts";
import type { Transport } from "../transport/transport.ts";
import { post, Resource } from "./resource.ts";
import { callOf, inNamespace, type NamespaceOptions, route } from "./search-routes.ts";

export interface UpsertOptions extends NamespaceOptions {
  /** Documents per request; at most (and by default) what the index allows. */
  batchSize?: number;
}

export interface RangeOptions extends NamespaceOptions {
  /** Only documents whose id starts with this. */
  prefix?: string;
  /** Documents per request, 1 to 1,000. Default 1,000. */
  pageSize?: number;
}

export interface SearchQuery {
  query: string;
  /** How many hits at most, 1 to 1,000. Default 5, as in the official SDK. */
  topK?: number;
  /** The service's filter language, e.g. `genre = 'drama' AND @metadata.year > 2000`. */
  filter?: string;
}

export type FetchSelector = { ids: readonly string[] } | { prefix: string };
export type DeleteSelector = { ids: readonly string[] } | { prefix: string } | { filter: string };

/** Content and metadata are always asked for: a document without them is of little use here. */
const INCLUDE = { includeData: true, includeMetadata: true } as const;

/**
 * The documents of a search index, one namespace per call. Every method is one request, except
 * `upsert` (one per batch) and `range` (one per page). Upsert (by id), delete and reset repeat
 * without harm, so each of their requests is retried like a read.
 */
export class SearchDocumentsResource extends Resource {
  /** Documents per upsert request: the index's `max_writes_per_request`. */
  readonly maxWritesPerRequest: number;

  constructor(transport: Transport, maxWritesPerRequest: number) {
    super(transport);
    this.maxWritesPerRequest = wholeNumberIn("maxWritesPerRequest", maxWritesPerRequest, 1, 1_000_000);
  }

  /**
   * Stores the documents, replacing any with the same id, in batches sent one after the other.
   * Every document is checked before the first batch goes out. When a batch fails, those before
   * it are stored and the error is thrown: calling again with the same documents is safe.
   */
  async upsert(
    documents: Iterable<DocumentInput>,
    options: UpsertOptions = {},
  ): Promise<{ upserted: number; batches: number }> {
    const list = validateDocuments(documents);
    const size = wholeNumberIn(
      "batchSize",
      options.batchSize ?? this.maxWritesPerRequest,
      1,
      this.maxWritesPerRequest,
    );
    const path = route("upsert-data", options);
    let batches = 0;
    for (let start = 0; start < list.length; start += size, batches++) {
      const body = list.slice(start, start + size);
      const operation = `upsert documents ${start + 1}-${start + body.length} of ${list.length} ${inNamespace(options)}`;
      await this.read(post(path, operation, { body }), doneAnswerSchema, callOf(options));
    }
    return { upserted: list.length, batches };
  }

  /** The documents with these ids (in order, `null` for an unknown id), or every one whose id starts with `prefix`. */
  async fetch(selector: FetchSelector, options: NamespaceOptions = {}): Promise<(SearchDocument | null)[]> {
    const body = "ids" in selector ? { ids: validateIds(selector.ids) } : { prefix: selector.prefix };
    const request = post(route("fetch", options), `fetch documents ${inNamespace(options)}`, {
      body: { ...body, ...INCLUDE },
    });
    return this.read(request, fetchAnswerSchema, callOf(options));
  }

  /** Deletes by ids, by id prefix or by filter; `deleted` counts what the answered request deleted. */
  async delete(selector: DeleteSelector, options: NamespaceOptions = {}): Promise<{ deleted: number }> {
    const request = post(route("delete", options), `delete documents ${inNamespace(options)}`, {
      body: deleteBody(selector),
    });
    return this.read(request, deleteAnswerSchema, callOf(options));
  }

  /** Every document of the namespace (or with the id prefix), page by page, the cursor handled. */
  async *range(options: RangeOptions = {}): AsyncGenerator<SearchDocument, void, undefined> {
    const limit = wholeNumberIn("pageSize", options.pageSize ?? MAX_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const prefix = options.prefix === undefined ? {} : { prefix: options.prefix };
    let cursor = "0";
    do {
      const page = await this.rangePage({ cursor, limit, ...prefix }, options);
      yield* page.documents;
      cursor = page.nextCursor;
    } while (cursor !== "");
  }

  /** One page from `cursor` ("0" at first); `nextCursor` is "" after the last. */
  async rangePage(
    page: { cursor: string; limit: number; prefix?: string },
    options: NamespaceOptions = {},
  ): Promise<RangePage> {
    const request = post(route("range", options), `range documents ${inNamespace(options)}`, {
      body: { ...page, ...INCLUDE },
    });
    // A cursor that does not move would make `range` loop for ever.
    const schema = rangeAnswerSchema.check(
      z.refine((answer) => answer.nextCursor !== page.cursor, {
        message: "nextCursor repeats the cursor asked for",
      }),
    );
    const { nextCursor, vectors } = await this.read(request, schema, callOf(options));
    return { nextCursor, documents: vectors };
  }

  /** The best matches for `query`, best first. */
  async search(query: SearchQuery, options: NamespaceOptions = {}): Promise<SearchHit[]> {
    const topK = wholeNumberIn("topK", query.topK ?? 5, 1, MAX_PAGE_SIZE);
    const filter = query.filter === undefined ? {} : { filter: query.filter };
    const request = post(route("search", options), `search ${inNamespace(options)}`, {
      body: { query: query.query, topK, ...filter, ...INCLUDE },
    });
    return this.read(request, searchAnswerSchema, callOf(options));
  }

  /** Deletes every document of the namespace; the namespace stays. */
  async reset(options: NamespaceOptions = {}): Promise<void> {
    await this.read(
      post(route("reset", options), `reset ${inNamespace(options)}`),
      doneAnswerSchema,
      callOf(options),
    );
  }
}

function deleteBody(selector: DeleteSelector): Record<string, unknown> {
  if ("ids" in selector) return { ids: validateIds(selector.ids) };
  // An empty prefix or filter would read as "everything": reset says that plainly.
  const [key, value] = "prefix" in selector ? ["prefix", selector.prefix] : ["filter", selector.filter];
  if (typeof value !== "string" || value === "") {
    throw new ConfigurationError(
      key,
      `${key} must be a non-empty string; to delete every document, use reset`,
    );
  }
  return { [key]: value };
}
