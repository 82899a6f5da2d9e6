import type { InfoAnswer } from "./answer-schemas.ts";
import { DataPlaneError } from "./data-plane-error.ts";
import { Namespace, type StoredDocument } from "./namespace.ts";
import type { UpsertDocument } from "./request-schemas.ts";

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
  readonly #namespaces = new Map<string, Namespace>([[DEFAULT_NAMESPACE, new Namespace()]]);

  namespace(name: string): Namespace | undefined {
    return this.#namespaces.get(name);
  }

  namespaceNames(): string[] {
    return Array.from(this.#namespaces.keys());
  }

  get documentCount(): number {
    let count = 0;
    for (const namespace of this.#namespaces.values()) count += namespace.size;
    return count;
  }

  /** Checks the whole batch against the limits, then stores it; a refused batch changes nothing. */
  upsert(name: string, documents: UpsertDocument[], limits: DatabaseLimits, timing: WriteTiming): void {
    if (documents.length > limits.maxWritesPerRequest) {
      throw new DataPlaneError(
        400,
        `Too many documents in one request: ${documents.length}, this index takes at most ${limits.maxWritesPerRequest}`,
      );
    }
    const existing = this.#namespaces.get(name);
    if (!existing && this.#namespaces.size >= MAX_NAMESPACES) {
      throw new DataPlaneError(
        400,
        `Namespace limit reached: a database holds at most ${MAX_NAMESPACES} namespaces`,
      );
    }
    const sized = documents.map(sizeDocument);
    const added = new Set(documents.map((document) => document.id).filter((id) => !existing?.has(id))).size;
    if (this.documentCount + added > limits.maxDocuments) {
      throw new DataPlaneError(
        400,
        `Document limit reached: this index holds at most ${limits.maxDocuments} documents`,
      );
    }
    const namespace = existing ?? new Namespace();
    this.#namespaces.set(name, namespace);
    namespace.upsert(sized, timing.now, timing.indexingDelayMs);
  }

  /** Puts back documents read from the data file: they were within the limits when written. */
  load(name: string, documents: StoredDocument[]): void {
    let namespace = this.#namespaces.get(name);
    if (!namespace) {
      namespace = new Namespace();
      this.#namespaces.set(name, namespace);
    }
    namespace.upsert(documents.map(measure), 0, 0);
  }

  /** Empties a namespace; the namespace itself stays, as after the service's reset. */
  reset(name: string): void {
    this.#namespaces.get(name)?.clear();
  }

  resetAll(): void {
    for (const namespace of this.#namespaces.values()) namespace.clear();
  }

  deleteNamespace(name: string): void {
    if (name === DEFAULT_NAMESPACE) throw new DataPlaneError(400, "The default namespace cannot be deleted");
    if (!this.#namespaces.delete(name)) throw new DataPlaneError(400, `Namespace "${name}" does not exist`);
  }

  info(now: number): InfoAnswer {
    const answer: InfoAnswer = { vectorCount: 0, pendingVectorCount: 0, indexSize: 0, namespaces: {} };
    for (const [name, namespace] of this.#namespaces) {
      const counts = namespace.counts(now);
      answer.namespaces[name] = counts;
      answer.vectorCount += counts.vectorCount;
      answer.pendingVectorCount += counts.pendingVectorCount;
      answer.indexSize += namespace.bytes;
    }
    return answer;
  }
}

function measure(document: StoredDocument): { document: StoredDocument; bytes: number } {
  return { document, bytes: Buffer.byteLength(JSON.stringify(document)) };
}

function sizeDocument(input: UpsertDocument): { document: StoredDocument; bytes: number } {
  const { document, bytes } = measure(
    input.metadata === undefined
      ? { id: input.id, content: input.content }
      : { id: input.id, content: input.content, metadata: input.metadata },
  );
  if (bytes > MAX_DOCUMENT_BYTES) {
    throw new DataPlaneError(
      400,
      `Document "${input.id}" is ${bytes} bytes as JSON; a document may have at most ${MAX_DOCUMENT_BYTES}`,
    );
  }
  return { document, bytes };
}
