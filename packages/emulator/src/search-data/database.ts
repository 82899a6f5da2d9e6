import { LimitReached, type Limits } from "../options/limits.ts";
import type { InfoAnswer } from "./answer-schemas.ts";
import type {
  DocumentTables,
  NamespaceRow,
  SizedDocument,
  StoredDocument,
} from "./documents/document-tables.ts";
import { searchDataErrors } from "./errors.ts";
import { Namespace } from "./namespace.ts";
import { idText, type UpsertDocument } from "./request-schemas.ts";

/** The vector API's default namespace; it always exists and cannot be deleted. */
export const DEFAULT_NAMESPACE = "";
/** Namespaces ("indexes" in the search SDK) per database, as the service documents. */
export const MAX_NAMESPACES = 10_000;
/** Largest document (content and metadata as JSON): the vector API's 48 KB metadata limit. */
export const MAX_DOCUMENT_BYTES = 48 * 1024;

/** The limits a database takes from its index record. */
export interface DatabaseLimits {
  /** `max_vector_count`: documents across all namespaces. */
  maxDocuments: number;
  /** `max_writes_per_request`: documents in one upsert. */
  maxWritesPerRequest: number;
}

export interface WriteTiming {
  /** Emulator-clock time of the request. */
  now: number;
  /** How long an upserted document stays pending before search sees it (0: at once). */
  indexingDelayMs: number;
}

/** The documents of one search database (one index of the management API), by namespace. */
export class SearchDatabase {
  readonly #tables: DocumentTables;
  readonly #indexId: string;
  readonly #pageEnds: (namespaceId: number) => Map<string, string>;
  readonly #budget: Pick<Limits, "documents" | "namespaces">;

  constructor(
    tables: DocumentTables,
    indexId: string,
    pageEnds: (namespaceId: number) => Map<string, string>,
    budget: Pick<Limits, "documents" | "namespaces">,
  ) {
    this.#tables = tables;
    this.#indexId = indexId;
    this.#pageEnds = pageEnds;
    this.#budget = budget;
  }

  namespace(name: string): Namespace | undefined {
    const row = this.#tables.namespace(this.#indexId, name);
    if (row) return this.#open(row);
    // The default namespace exists before anything is stored in it.
    return name === DEFAULT_NAMESPACE ? this.#open(emptyRow(name)) : undefined;
  }

  namespaceNames(): string[] {
    const names = this.#tables.namespaces(this.#indexId).map((row) => row.name);
    return names.includes(DEFAULT_NAMESPACE) ? names : [DEFAULT_NAMESPACE, ...names];
  }

  /** Documents of each namespace that holds any, in the order they were made (the inspector's breakdown). */
  documentsByNamespace(): { name: string; documents: number }[] {
    return this.#tables
      .namespaces(this.#indexId)
      .filter((row) => row.documents > 0)
      .map(({ name, documents }) => ({ name, documents }));
  }

  get documentCount(): number {
    return this.#tables.totals(this.#indexId).documents;
  }

  /** Checks the whole batch against the limits, then stores it; a refused batch changes nothing. */
  upsert(name: string, documents: UpsertDocument[], limits: DatabaseLimits, timing: WriteTiming): void {
    if (documents.length > limits.maxWritesPerRequest) {
      throw searchDataErrors.tooManyInRequest(documents.length, limits.maxWritesPerRequest);
    }
    const existing = this.#tables.namespace(this.#indexId, name);
    if (!existing && name !== DEFAULT_NAMESPACE && this.#namespaceCount() >= MAX_NAMESPACES) {
      throw searchDataErrors.namespaceLimit(MAX_NAMESPACES);
    }
    const sized = documents.map(sizeDocument);
    const namespace = existing ? this.#open(existing) : undefined;
    const added = new Set(sized.map(({ document }) => document.id).filter((id) => !namespace?.has(id))).size;
    if (this.documentCount + added > limits.maxDocuments) {
      throw searchDataErrors.documentLimit(limits.maxDocuments);
    }
    this.#withinBudget(existing === undefined ? 1 : 0, added);
    const row = existing ?? this.#tables.createNamespace(this.#indexId, name);
    this.#tables.upsert(row, sized, timing.indexingDelayMs > 0 ? timing.now + timing.indexingDelayMs : 0);
  }

  /** Puts back documents read from a snapshot: they were within the limits when written. */
  load(name: string, documents: readonly StoredDocument[]): void {
    const row =
      this.#tables.namespace(this.#indexId, name) ?? this.#tables.createNamespace(this.#indexId, name);
    this.#tables.upsert(row, documents.map(measure), 0);
  }

  /** Empties a namespace; the namespace itself stays, as after the service's reset. */
  reset(name: string): void {
    const row = this.#tables.namespace(this.#indexId, name);
    if (row) this.#tables.emptyNamespace(row.id, false);
  }

  resetAll(): void {
    for (const row of this.#tables.namespaces(this.#indexId)) this.#tables.emptyNamespace(row.id, false);
  }

  deleteNamespace(name: string): void {
    if (name === DEFAULT_NAMESPACE) throw searchDataErrors.defaultNamespaceKept();
    const row = this.#tables.namespace(this.#indexId, name);
    if (!row) throw searchDataErrors.notFound("Namespace", name);
    this.#tables.emptyNamespace(row.id, true);
  }

  info(now: number): InfoAnswer {
    // Without a prototype: a namespace may be called "__proto__".
    const namespaces = Object.create(null) as InfoAnswer["namespaces"];
    const answer: InfoAnswer = { vectorCount: 0, pendingVectorCount: 0, indexSize: 0, namespaces };
    for (const name of this.namespaceNames()) {
      const namespace = this.namespace(name) as Namespace;
      const counts = namespace.counts(now);
      namespaces[name] = counts;
      answer.vectorCount += counts.vectorCount;
      answer.pendingVectorCount += counts.pendingVectorCount;
      answer.indexSize += namespace.bytes;
    }
    return answer;
  }

  /** The emulator's own limits, all indexes together (`limits.documents`, `limits.namespaces`). */
  #withinBudget(newNamespaces: number, newDocuments: number): void {
    if (newNamespaces === 0 && newDocuments === 0) return;
    const totals = this.#tables.grandTotals();
    if (totals.namespaces + newNamespaces > this.#budget.namespaces) {
      throw new LimitReached("namespaces", this.#budget.namespaces, "search namespaces in all");
    }
    if (totals.documents + newDocuments > this.#budget.documents) {
      throw new LimitReached("documents", this.#budget.documents, "search documents in all");
    }
  }

  /** Namespaces of the database, the default one included whether or not it has a row yet. */
  #namespaceCount(): number {
    const { namespaces, hasDefault } = this.#tables.totals(this.#indexId);
    return hasDefault ? namespaces : namespaces + 1;
  }

  #open(row: NamespaceRow): Namespace {
    return new Namespace(this.#tables, row, this.#pageEnds(row.id));
  }
}

/** The default namespace before anything was stored in it: no row yet, nothing in it. */
function emptyRow(name: string): NamespaceRow {
  return { id: 0, name, documents: 0, bytes: 0 };
}

function measure(document: StoredDocument): SizedDocument {
  const json = JSON.stringify(document);
  return { document, json, bytes: Buffer.byteLength(json) };
}

function sizeDocument(input: UpsertDocument): SizedDocument {
  const id = idText(input.id);
  const sized = measure(
    input.metadata === undefined
      ? { id, content: input.content }
      : { id, content: input.content, metadata: input.metadata },
  );
  if (sized.bytes > MAX_DOCUMENT_BYTES) {
    throw searchDataErrors.documentTooLarge(id, sized.bytes, MAX_DOCUMENT_BYTES);
  }
  return sized;
}
