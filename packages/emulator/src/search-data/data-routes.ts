import type { z } from "zod";
import type { DocumentAnswer, RangeAnswer, SearchHit } from "./answer-schemas.ts";
import type { DatabaseLimits, SearchDatabase, WriteTiming } from "./database.ts";
import { searchDataErrors } from "./errors.ts";
import type { FilterNode } from "./filter/ast.ts";
import { matchesFilter } from "./filter/evaluate.ts";
import { parseFilter } from "./filter/parser.ts";
import { FilterSyntaxError } from "./filter/syntax-error.ts";
import type { StoredDocument } from "./namespace.ts";
import {
  deleteBodySchema,
  fetchBodySchema,
  idText,
  rangeBodySchema,
  searchBodySchema,
  upsertBody,
  upsertBodySchema,
} from "./request-schemas.ts";

/** Everything a route needs: the database, the namespace named in the path, the request. */
export interface DataRequest {
  database: SearchDatabase;
  /** From the path (`search/movies` → "movies"); "" is the default namespace. */
  namespace: string;
  /** Whether the path named a namespace at all (`delete-namespace` needs one). */
  namespaceGiven: boolean;
  body: unknown;
  /** `reset?all` resets every namespace. */
  all: boolean;
  limits: DatabaseLimits;
  timing: WriteTiming;
}

export interface DataRoute {
  /** Writes need the read-write token and count against `max_writes_per_second`. */
  write: boolean;
  run(request: DataRequest): unknown;
}

/** The data plane's routes by their first path segment, as the SDKs call them. */
export const DATA_ROUTES: Record<string, DataRoute> = {
  "upsert-data": { write: true, run: upsert },
  search: { write: false, run: search },
  fetch: { write: false, run: fetchDocuments },
  delete: { write: true, run: deleteDocuments },
  range: { write: false, run: range },
  reset: { write: true, run: reset },
  info: { write: false, run: ({ database, timing }) => database.info(timing.now) },
  "list-namespaces": { write: false, run: ({ database }) => database.namespaceNames() },
  "delete-namespace": { write: true, run: deleteNamespace },
};

export function dataRoute(name: string): DataRoute | undefined {
  return Object.hasOwn(DATA_ROUTES, name) ? DATA_ROUTES[name] : undefined;
}

function upsert({ database, namespace, body, limits, timing }: DataRequest): string {
  database.upsert(namespace, parseBody(upsertBodySchema, upsertBody(body)), limits, timing);
  return "Success";
}

function search({ database, namespace, body, timing }: DataRequest): SearchHit[] {
  const request = parseBody(searchBodySchema, body);
  const filter = request.filter ? parseFilterOrRefuse(request.filter) : undefined;
  const store = database.namespace(namespace);
  if (!store) return [];
  const accept = filter ? (document: StoredDocument) => matchesFilter(filter, document) : undefined;
  return store.search(request.query, request.topK, timing.now, accept).map(({ document, score }) => ({
    ...present(document, request),
    score,
  }));
}

function fetchDocuments({ database, namespace, body }: DataRequest): (DocumentAnswer | null)[] {
  const request = parseBody(fetchBodySchema, body);
  const store = database.namespace(namespace);
  if (request.ids) {
    return request.ids.map(idText).map((id) => {
      const document = store?.get(id);
      return document ? present(document, request) : null;
    });
  }
  if (!store) return [];
  return Array.from(store.documents(request.prefix ?? ""), (document) => present(document, request));
}

function deleteDocuments({ database, namespace, body }: DataRequest): { deleted: number } {
  const request = parseBody(deleteBodySchema, body);
  const filter = request.filter === undefined ? undefined : parseFilterOrRefuse(request.filter);
  const store = database.namespace(namespace);
  if (!store) return { deleted: 0 };
  if (request.ids) return { deleted: store.delete(request.ids.map(idText)) };
  return { deleted: store.delete(idsOf(store.documents(request.prefix ?? ""), filter)) };
}

/** The ids of the documents (those the filter matches, when there is one). */
function* idsOf(documents: Iterable<StoredDocument>, filter: FilterNode | undefined): Generator<string> {
  for (const document of documents) if (!filter || matchesFilter(filter, document)) yield document.id;
}

function range({ database, namespace, body }: DataRequest): RangeAnswer {
  const request = parseBody(rangeBodySchema, body);
  const offset = parseCursor(request.cursor);
  const store = database.namespace(namespace);
  if (!store) return { nextCursor: "", vectors: [] };
  const page = store.page(offset, request.limit, request.prefix);
  return {
    nextCursor: page.more ? String(offset + page.documents.length) : "",
    vectors: page.documents.map((document) => present(document, request)),
  };
}

function reset({ database, namespace, all }: DataRequest): string {
  if (all) database.resetAll();
  else database.reset(namespace);
  return "Success";
}

function deleteNamespace({ database, namespace, namespaceGiven }: DataRequest): string {
  if (!namespaceGiven) throw searchDataErrors.namespaceRequired();
  database.deleteNamespace(namespace);
  return "Success";
}

/** The cursor is a position: "" or "0" starts at the beginning, a later page's cursor says where. */
function parseCursor(cursor: string): number {
  if (cursor === "") return 0;
  const position = Number(cursor);
  if (!/^[0-9]+$/.test(cursor) || !Number.isSafeInteger(position)) {
    throw searchDataErrors.invalidCursor(cursor);
  }
  return position;
}

/** A document as answered: content and metadata only when asked for, metadata only when there is some. */
function present(
  document: StoredDocument,
  flags: { includeData?: boolean | undefined; includeMetadata?: boolean | undefined },
): DocumentAnswer {
  const answer: DocumentAnswer = { id: document.id };
  if (flags.includeData) answer.content = document.content;
  if (flags.includeMetadata && document.metadata !== undefined) answer.metadata = document.metadata;
  return answer;
}

function parseFilterOrRefuse(filter: string): FilterNode {
  try {
    return parseFilter(filter);
  } catch (error) {
    if (error instanceof FilterSyntaxError) throw searchDataErrors.invalidFilter(error);
    throw error;
  }
}

/** Checks a body against its schema; the first problem, with where it is, becomes the 400's message. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  throw searchDataErrors.invalidBody(issue?.message ?? "not accepted", where);
}
