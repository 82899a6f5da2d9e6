import { validateIndexId, validateIndexName, validatePlan, validateRegion } from "../schemas/inputs.ts";
import {
  isListedEntry,
  type ListedEntry,
  type SearchIndex,
  type SearchPlan,
  type SearchRegion,
} from "../schemas/search-index.ts";
import {
  listedEntriesSchema,
  searchIndexListSchema,
  searchIndexSchema,
} from "../schemas/search-index-schemas.ts";
import { tryParseJson } from "../transport/api-message.ts";
import type { ApiRequest, ApiResponse } from "../transport/api-request.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { checkParsed, parseResponse } from "../transport/parse-response.ts";
import type { Redactor } from "../transport/redactor.ts";
import { del, get, post, Resource } from "./resource.ts";

const LIST_REQUEST: ApiRequest = Object.freeze(get("/v2/search", "list search indexes"));

/** An index found by `scan`: its id and name, and the entry as listed for `use` to check in full. */
export interface ScannedIndex {
  id: string;
  name: string;
  readonly entry: ListedEntry;
  readonly answer: { status: number; requestId: string | undefined };
}

export interface CreateSearchIndexInput {
  name: string;
  region: SearchRegion;
  type: SearchPlan;
}

/**
 * Search indexes of the management API. `create` and `get` register the tokens of the index they
 * return with the redactor, so they can never reappear in a message or log line. `list` does
 * not: an account may hold thousands of indexes and a step uses or prints a few, so the caller
 * registers those with `remember` (the operations do).
 */
export class SearchIndexesResource extends Resource {
  async list(call?: CallOptions): Promise<SearchIndex[]> {
    return this.read(LIST_REQUEST, searchIndexListSchema(), call);
  }

  /**
   * Lists the indexes checking only each one's id and name, for finding a few among many: per
   * index it costs little more than reading the JSON. `use` checks and returns one in full.
   */
  async scan(call?: CallOptions): Promise<ScannedIndex[]> {
    const request = LIST_REQUEST;
    const reader = (response: ApiResponse) =>
      listedEntries(response, this.redactor).map((entry) => ({
        id: entry.id,
        name: entry.name,
        entry,
        answer: { status: response.status, requestId: response.requestId },
      }));
    return this.readWith(request, reader, call);
  }

  /**
   * The indexes named exactly `name`, each checked in full and its tokens registered. The full
   * check runs inside the request, so an answer whose match is malformed is retried like any
   * unreadable answer.
   */
  async findByName(name: string, call?: CallOptions): Promise<SearchIndex[]> {
    const [found = []] = await this.findByNames([name], call);
    return found;
  }

  /**
   * `findByName` for several names from one list request: the matches of each name, in the order
   * of `names` (a clone's source and its target are looked up together, bench S10).
   */
  async findByNames(names: readonly string[], call?: CallOptions): Promise<SearchIndex[][]> {
    const request = LIST_REQUEST;
    const reader = (response: ApiResponse) => {
      const answer = { status: response.status, requestId: response.requestId };
      const entries = listedEntries(response, this.redactor);
      return names.map((name) =>
        entries
          .filter((entry) => entry.name === name)
          .map((entry) => fullIndex(entry, answer, this.redactor)),
      );
    };
    const found = await this.readWith(request, reader, call);
    return found.map((matches) => matches.map((index) => this.remember(index)));
  }

  /**
   * The scanned index in full, its tokens registered with the redactor. A malformed entry is a
   * ResponseValidationError naming the list request it came from.
   */
  use(scanned: ScannedIndex): SearchIndex {
    return this.remember(fullIndex(scanned.entry, scanned.answer, this.redactor));
  }

  /** Not idempotent: retried only when the request certainly never arrived. `ensureSearchIndex` is the safe way. */
  async create(input: CreateSearchIndexInput, call?: CallOptions): Promise<SearchIndex> {
    const body = {
      name: validateIndexName(input.name),
      region: validateRegion(input.region),
      type: validatePlan(input.type),
    };
    const request = post("/v2/search", `create search index ${body.name}`, { body, idempotent: false });
    return this.remember(await this.read(request, searchIndexSchema(), call));
  }

  async get(id: string, call?: CallOptions): Promise<SearchIndex> {
    const request = get(indexPath(id), `get search index ${id}`);
    return this.remember(await this.read(request, searchIndexSchema(), call));
  }

  async delete(id: string, call?: CallOptions): Promise<void> {
    // The API answers the JSON string "OK"; any 2xx means the index is gone.
    await this.send(del(indexPath(id), `delete search index ${id}`), call);
  }

  /** Registers the index's tokens with the redactor: for an index from `list` that the caller will use or print. */
  remember(index: SearchIndex): SearchIndex {
    this.redactor.add(index.token, index.read_only_token);
    return index;
  }
}

/** A listed entry checked in full, by the schema (its issues say what is wrong). */
function fullIndex(
  entry: ListedEntry,
  answer: { status: number; requestId: string | undefined },
  redactor: Redactor,
): SearchIndex {
  return checkParsed(LIST_REQUEST, answer, entry, searchIndexSchema(), redactor);
}

/**
 * The entries of a listing, each with a usable id and name. A listing with nothing wrong passes
 * the plain check (`isListedEntry`) and is used as parsed; anything else goes through the schema,
 * so what is refused, and how the error says it, is the schema's.
 */
function listedEntries(response: ApiResponse, redactor: Redactor): ListedEntry[] {
  const parsed = tryParseJson(response.text);
  if (!parsed.ok) return parseResponse(LIST_REQUEST, response, listedEntriesSchema(), redactor);
  if (Array.isArray(parsed.value) && parsed.value.every(isListedEntry)) return parsed.value;
  return checkParsed(LIST_REQUEST, response, parsed.value, listedEntriesSchema(), redactor);
}

function indexPath(id: string): string {
  return `/v2/search/${encodeURIComponent(validateIndexId(id))}`;
}
