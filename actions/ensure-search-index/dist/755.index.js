export const id = 755;
export const ids = [755];
export const modules = {

/***/ 8755:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  readSeedInputs: () => (/* reexport */ readSeedInputs),
  seedEnsured: () => (/* reexport */ seedEnsured)
});

// EXTERNAL MODULE: ../../packages/action-kit/dist/runner/commands.js + 1 modules
var commands = __webpack_require__(5504);
// EXTERNAL MODULE: ../../packages/action-kit/dist/secrets.js
var secrets = __webpack_require__(7018);
// EXTERNAL MODULE: ../../packages/core/dist/errors/configuration-error.js
var configuration_error = __webpack_require__(8794);
// EXTERNAL MODULE: ../../packages/core/dist/resources/resource.js
var resource = __webpack_require__(4209);
// EXTERNAL MODULE: ../../packages/core/dist/resources/rest-url.js
var rest_url = __webpack_require__(4691);
// EXTERNAL MODULE: ../../packages/core/dist/schemas/zod.js + 16 modules
var zod = __webpack_require__(597);
;// CONCATENATED MODULE: ../../packages/core/dist/schemas/search-data.js

/**
 * The answers of a search index's data plane (its REST URL), as the official SDKs read them
 * (`@upstash/search` on `@upstash/vector`'s HTTP client): every 2xx body is `{"result": ...}`.
 * Fields the service adds beyond these are ignored, so a newer service does not break reading.
 * An error is `{"error": "..."}` with a non-2xx status; the transport reads its message and maps
 * the status to the typed errors.
 */
/**
 * The `{"result": ...}` envelope around `result`, read as the result alone. The declared return
 * type keeps the emitted `.d.ts` simple: zod's inferred mapped type fails a consumer's `tsc`
 * when it checks library declarations.
 */
function resultOf(result) {
    return zod/* pipe */.FsL(zod/* object */.Ikc({ result }), zod/* transform */.pdi((envelope) => envelope.result));
}
const jsonObject = zod/* record */.g1P(zod/* string */.YjP(), zod/* unknown */.L5J());
/** A stored document: `content` is what search ranks on, `metadata` what filters may also name. */
const searchDocumentSchema = zod/* object */.Ikc({
    id: zod/* string */.YjP(),
    content: jsonObject,
    metadata: zod/* optional */.lqM(jsonObject),
});
/**
 * `value` as a document when it has the plain shape, `{id, content, metadata?}` with a string id
 * and plain objects, read without zod; undefined otherwise. Zod rebuilds each document and each
 * of its objects key by key, and a clone reads and writes every document once: those copies were
 * most of a large clone's garbage (bench S10m). What this accepts the schema accepts too, read
 * the same way (a field beyond the three is left out); anything else goes to the schema, which
 * then says what is wrong.
 */
function plainDocument(value) {
    if (!isPlainObject(value))
        return undefined;
    const { id, content, metadata } = value;
    if (typeof id !== "string" || !isPlainObject(content))
        return undefined;
    if (metadata !== undefined && !isPlainObject(metadata))
        return undefined;
    if (hasOnlyDocumentFields(value))
        return value;
    return metadata === undefined ? { id, content } : { id, content, metadata };
}
function isPlainObject(value) {
    if (value === null || typeof value !== "object")
        return false;
    const prototype = Object.getPrototypeOf(value);
    return prototype === Object.prototype || prototype === null;
}
function hasOnlyDocumentFields(value) {
    for (const key in value)
        if (key !== "id" && key !== "content" && key !== "metadata")
            return false;
    return true;
}
/** Documents as `plainDocument` reads them, uncopied; the schema reads (and judges) a list with any other entry. */
const documentListSchema = zod/* pipe */.FsL(zod/* unknown */.L5J(), zod/* transform */.pdi((value, payload) => {
    if (Array.isArray(value)) {
        const documents = value.map(plainDocument);
        if (documents.every((document) => document !== undefined))
            return documents;
    }
    const parsed = zod/* safeParse */.xLC(zod/* array */.YOg(searchDocumentSchema), value);
    if (parsed.success)
        return parsed.data;
    // The issues as the schema found them, each where it is in the list (classic zod's `addIssue`).
    for (const { path, message } of parsed.error.issues) {
        payload.issues.push({ code: "custom", path, message, input: value });
    }
    return zod/* NEVER */.tmp;
}));
/** One search hit: the document and its score, in (0, 1], best first. */
const searchHitSchema = zod/* extend */.X$i(searchDocumentSchema, { score: zod/* number */.aig() });
/** Upsert, reset and delete-namespace answer a word ("Success"); any word is taken as done. */
const doneAnswerSchema = resultOf(zod/* string */.YjP());
/** One entry per id asked for, in order: `null` for an id the namespace does not hold. */
const fetchAnswerSchema = resultOf(zod/* array */.YOg(zod/* nullable */.mee(searchDocumentSchema)));
const searchAnswerSchema = resultOf(zod/* array */.YOg(searchHitSchema));
const deleteAnswerSchema = resultOf(zod/* object */.Ikc({ deleted: zod/* int */.Whr().check(zod/* minimum */.BpO(0)) }));
/** One page of a range; `nextCursor` is "" after the last page. */
const rangeAnswerSchema = resultOf(zod/* object */.Ikc({ nextCursor: zod/* string */.YjP(), vectors: documentListSchema }));
const countsSchema = zod/* object */.Ikc({
    vectorCount: zod/* int */.Whr().check(zod/* minimum */.BpO(0)),
    pendingVectorCount: zod/* int */.Whr().check(zod/* minimum */.BpO(0)),
});
/**
 * The database's counts: documents (`vectorCount`) and documents not yet searchable
 * (`pendingVectorCount`), in all and per namespace ("" is the default namespace), and its size
 * in bytes.
 */
const infoAnswerSchema = resultOf(zod/* extend */.X$i(countsSchema, {
    indexSize: zod/* number */.aig().check(zod/* minimum */.BpO(0)),
    namespaces: zod/* record */.g1P(zod/* string */.YjP(), countsSchema),
}));
const listNamespacesAnswerSchema = resultOf(zod/* array */.YOg(zod/* string */.YjP()));

// EXTERNAL MODULE: ../../packages/core/dist/schemas/server-values.js
var server_values = __webpack_require__(1216);
;// CONCATENATED MODULE: ../../packages/core/dist/schemas/search-data-inputs.js




/**
 * What the data-plane client checks before it sends anything. The service documents no limit
 * on namespace names; one goes into the path, so it gets the rules of any path segment here.
 */
/** The default namespace: routes without a namespace segment. */
const DEFAULT_NAMESPACE = "";
/** The largest `limit` of one range page (and `topK` of one search), as the vector API takes. */
const MAX_PAGE_SIZE = 1_000;
/** The batch size when the index states none: the service's free and pay-as-you-go plans, and its advice. */
const DEFAULT_MAX_WRITES_PER_REQUEST = 100;
function validateNamespace(namespace, input = "namespace") {
    if (namespace === DEFAULT_NAMESPACE)
        return namespace;
    if (namespace.length > server_values/* MAX_ID_LENGTH */.Qx) {
        throw new configuration_error/* ConfigurationError */.j(input, `${input} is ${namespace.length} characters long: at most ${server_values/* MAX_ID_LENGTH */.Qx}`);
    }
    if ((0,server_values/* hasUnsafeCharacter */.QR)(namespace) || (0,server_values/* isDotSegment */.DH)(namespace) || namespace.trim() !== namespace) {
        throw new configuration_error/* ConfigurationError */.j(input, `${input} ${JSON.stringify(namespace)} is invalid: a namespace may not be "." or "..", have surrounding spaces, nor contain control characters, "/" or "\\"`);
    }
    return namespace;
}
const search_data_inputs_jsonObject = zod/* record */.g1P(zod/* string */.YjP(), zod/* unknown */.L5J());
/** A document to upsert: an id (one per document in the namespace), its content and optional metadata. */
const documentInputSchema = zod/* object */.Ikc({
    id: zod/* string */.YjP().check(zod/* minLength */.BpQ(1, "an id must not be empty")),
    content: search_data_inputs_jsonObject,
    metadata: zod/* optional */.lqM(search_data_inputs_jsonObject),
});
/**
 * `value` as a document to upsert, read without zod when it has the plain shape (see
 * `plainDocument`: a seed or a clone checks every document it writes); the schema otherwise.
 */
function parseDocumentInput(value) {
    const plain = plainDocument(value);
    if (plain !== undefined && plain.id !== "")
        return { success: true, data: plain };
    return documentInputSchema.safeParse(value);
}
/** Every document checked before the first batch goes out: a bad one fails the upsert with nothing sent. */
function validateDocuments(documents, input = "documents") {
    return Array.from(documents, (document, i) => {
        const parsed = parseDocumentInput(document);
        if (parsed.success)
            return parsed.data;
        const issue = parsed.error.issues[0];
        const where = [i, ...(issue?.path ?? [])].map(String).join(".");
        throw new configuration_error/* ConfigurationError */.j(input, `${input}.${where}: ${issue?.message ?? "invalid"}; nothing was sent`);
    });
}
function validateIds(ids, input = "ids") {
    ids.forEach((id, i) => {
        if (typeof id !== "string" || id === "") {
            throw new configuration_error/* ConfigurationError */.j(input, `${input}.${i} must be a non-empty string`);
        }
    });
    return [...ids];
}
/** The index's `max_writes_per_request` when it states a usable one; otherwise the default. */
function maxWritesOf(index) {
    const stated = index.max_writes_per_request;
    return typeof stated === "number" && Number.isInteger(stated) && stated >= 1
        ? stated
        : DEFAULT_MAX_WRITES_PER_REQUEST;
}

// EXTERNAL MODULE: ../../packages/core/dist/transport/retry-policy.js
var retry_policy = __webpack_require__(4358);
;// CONCATENATED MODULE: ../../packages/core/dist/resources/search-routes.js

/**
 * The data plane's path for a route, as the official SDKs build it: `/{route}` for the default
 * namespace, `/{route}/{namespace}` for another. The namespace is checked and encoded.
 */
function route(name, options) {
    const namespace = validateNamespace(options.namespace ?? DEFAULT_NAMESPACE);
    return namespace === DEFAULT_NAMESPACE ? `/${name}` : `/${name}/${encodeURIComponent(namespace)}`;
}
/** The namespace in words, for messages: `in namespace "movies"`, `in the default namespace`. */
function inNamespace(options) {
    const namespace = options.namespace ?? DEFAULT_NAMESPACE;
    return namespace === DEFAULT_NAMESPACE
        ? "in the default namespace"
        : `in namespace ${JSON.stringify(namespace)}`;
}
/** The call's own options alone, without the method's. */
function callOf(options) {
    return { signal: options.signal, deadline: options.deadline };
}

;// CONCATENATED MODULE: ../../packages/core/dist/resources/search-documents.js







/** Content and metadata are always asked for: a document without them is of little use here. */
const INCLUDE = { includeData: true, includeMetadata: true };
/**
 * The documents of a search index, one namespace per call. Every method is one request, except
 * `upsert` (one per batch) and `range` (one per page). Upsert (by id), delete and reset repeat
 * without harm, so each of their requests is retried like a read.
 */
class SearchDocumentsResource extends resource/* Resource */.FW {
    /** Documents per upsert request: the index's `max_writes_per_request`. */
    maxWritesPerRequest;
    constructor(transport, maxWritesPerRequest) {
        super(transport);
        this.maxWritesPerRequest = (0,retry_policy/* wholeNumberIn */.k)("maxWritesPerRequest", maxWritesPerRequest, 1, 1_000_000);
    }
    /**
     * Stores the documents, replacing any with the same id, in batches sent one after the other.
     * Every document is checked before the first batch goes out. When a batch fails, those before
     * it are stored and the error is thrown: calling again with the same documents is safe.
     */
    async upsert(documents, options = {}) {
        const list = validateDocuments(documents);
        const size = (0,retry_policy/* wholeNumberIn */.k)("batchSize", options.batchSize ?? this.maxWritesPerRequest, 1, this.maxWritesPerRequest);
        const path = route("upsert-data", options);
        let batches = 0;
        for (let start = 0; start < list.length; start += size, batches++) {
            const body = list.slice(start, start + size);
            const operation = `upsert documents ${start + 1}-${start + body.length} of ${list.length} ${inNamespace(options)}`;
            await this.read((0,resource/* post */.bE)(path, operation, { body }), doneAnswerSchema, callOf(options));
        }
        return { upserted: list.length, batches };
    }
    /** The documents with these ids (in order, `null` for an unknown id), or every one whose id starts with `prefix`. */
    async fetch(selector, options = {}) {
        const body = "ids" in selector ? { ids: validateIds(selector.ids) } : { prefix: selector.prefix };
        const request = (0,resource/* post */.bE)(route("fetch", options), `fetch documents ${inNamespace(options)}`, {
            body: { ...body, ...INCLUDE },
        });
        return this.read(request, fetchAnswerSchema, callOf(options));
    }
    /** Deletes by ids, by id prefix or by filter; `deleted` counts what the answered request deleted. */
    async delete(selector, options = {}) {
        const request = (0,resource/* post */.bE)(route("delete", options), `delete documents ${inNamespace(options)}`, {
            body: deleteBody(selector),
        });
        return this.read(request, deleteAnswerSchema, callOf(options));
    }
    /** Every document of the namespace (or with the id prefix), page by page, the cursor handled. */
    async *range(options = {}) {
        const limit = (0,retry_policy/* wholeNumberIn */.k)("pageSize", options.pageSize ?? MAX_PAGE_SIZE, 1, MAX_PAGE_SIZE);
        const prefix = options.prefix === undefined ? {} : { prefix: options.prefix };
        let cursor = "0";
        do {
            const page = await this.rangePage({ cursor, limit, ...prefix }, options);
            yield* page.documents;
            cursor = page.nextCursor;
        } while (cursor !== "");
    }
    /** One page from `cursor` ("0" at first); `nextCursor` is "" after the last. */
    async rangePage(page, options = {}) {
        const request = (0,resource/* post */.bE)(route("range", options), `range documents ${inNamespace(options)}`, {
            body: { ...page, ...INCLUDE },
        });
        // A cursor that does not move would make `range` loop for ever.
        const schema = rangeAnswerSchema.check(zod/* refine */.YPB((answer) => answer.nextCursor !== page.cursor, {
            message: "nextCursor repeats the cursor asked for",
        }));
        const { nextCursor, vectors } = await this.read(request, schema, callOf(options));
        return { nextCursor, documents: vectors };
    }
    /** The best matches for `query`, best first. */
    async search(query, options = {}) {
        const topK = (0,retry_policy/* wholeNumberIn */.k)("topK", query.topK ?? 5, 1, MAX_PAGE_SIZE);
        const filter = query.filter === undefined ? {} : { filter: query.filter };
        const request = (0,resource/* post */.bE)(route("search", options), `search ${inNamespace(options)}`, {
            body: { query: query.query, topK, ...filter, ...INCLUDE },
        });
        return this.read(request, searchAnswerSchema, callOf(options));
    }
    /** Deletes every document of the namespace; the namespace stays. */
    async reset(options = {}) {
        await this.read((0,resource/* post */.bE)(route("reset", options), `reset ${inNamespace(options)}`), doneAnswerSchema, callOf(options));
    }
}
function deleteBody(selector) {
    if ("ids" in selector)
        return { ids: validateIds(selector.ids) };
    // An empty prefix or filter would read as "everything": reset says that plainly.
    const [key, value] = "prefix" in selector ? ["prefix", selector.prefix] : ["filter", selector.filter];
    if (typeof value !== "string" || value === "") {
        throw new configuration_error/* ConfigurationError */.j(key, `${key} must be a non-empty string; to delete every document, use reset`);
    }
    return { [key]: value };
}

// EXTERNAL MODULE: ../../packages/core/dist/transport/base-url.js
var base_url = __webpack_require__(2488);
// EXTERNAL MODULE: ../../packages/core/dist/transport/redactor.js
var transport_redactor = __webpack_require__(7037);
// EXTERNAL MODULE: ../../packages/core/dist/clients/client-options.js + 19 modules
var client_options = __webpack_require__(1693);
// EXTERNAL MODULE: ../../packages/core/dist/clients/from-env.js
var from_env = __webpack_require__(7576);
;// CONCATENATED MODULE: ../../packages/core/dist/clients/search-index-data.js











/**
 * Client of one search index's data plane (its REST URL, a Bearer token): the documents of its
 * namespaces, its counts and its namespaces, with the transport's retries, deadline, shared
 * backoff on 429 and redaction. The token lives in private fields and is masked in every message.
 */
class SearchIndexData extends SearchDocumentsResource {
    #transport;
    #redactor;
    constructor(options) {
        const token = (0,client_options/* requireSecret */.e)(options.token, "token", "set the index's token (UPSTASH_SEARCH_REST_TOKEN)");
        const { transport, redactor } = (0,client_options/* buildTransport */.K)({ ...options, baseUrl: options.url }, {
            defaultBaseUrl: options.url,
            baseUrlInput: "url",
            authorization: `Bearer ${token}`,
            secrets: [token],
        });
        super(transport, options.maxWritesPerRequest ?? DEFAULT_MAX_WRITES_PER_REQUEST);
        this.#transport = transport;
        this.#redactor = redactor;
    }
    /**
     * A client for an index as the management API describes it: its REST URL from `endpoint`, its
     * token (or read-only token), batches as large as its `max_writes_per_request` (default 100).
     * Both tokens are masked.
     */
    static fromIndex(index, options = {}) {
        const { readOnly = false, restUrlTemplate, ...clientOptions } = options;
        const redactor = options.redactor ?? new transport_redactor/* Redactor */.pO();
        redactor.add(index.token, index.read_only_token);
        return new SearchIndexData({
            ...clientOptions,
            redactor,
            url: restUrlTemplate === undefined ? (0,rest_url/* restUrl */.g)(index) : (0,rest_url/* restUrl */.g)(index, restUrlTemplate),
            token: readOnly ? index.read_only_token : index.token,
            maxWritesPerRequest: maxWritesOf(index),
        });
    }
    /**
     * A client from `UPSTASH_SEARCH_REST_URL` and `UPSTASH_SEARCH_REST_TOKEN` (what the official
     * SDK's `Search.fromEnv()` reads, and what export-env writes), read from `options.env` or
     * `process.env`.
     */
    static fromEnv(options = {}) {
        return new SearchIndexData((0,from_env/* searchDataOptionsFromEnv */.Sk)(options));
    }
    /** The REST URL in use, without trailing slash. */
    get url() {
        return (0,base_url/* baseUrlString */.a)(this.#transport.baseUrl);
    }
    /** Documents and pending documents, in all and per namespace, and the size in bytes. */
    async info(call = {}) {
        return this.read((0,resource/* post */.bE)("/info", "read index info"), infoAnswerSchema, callOf(call));
    }
    /** The namespaces; "" is the default one. */
    async listNamespaces(call = {}) {
        return this.read((0,resource/* post */.bE)("/list-namespaces", "list namespaces"), listNamespacesAnswerSchema, callOf(call));
    }
    /** Deletes a namespace and its documents. The default namespace cannot be deleted. */
    async deleteNamespace(namespace, call = {}) {
        if (validateNamespace(namespace) === DEFAULT_NAMESPACE) {
            throw new configuration_error/* ConfigurationError */.j("namespace", "the default namespace cannot be deleted; reset empties it");
        }
        const request = (0,resource/* post */.bE)(route("delete-namespace", { namespace }), `delete namespace ${JSON.stringify(namespace)}`);
        await this.read(request, doneAnswerSchema, callOf(call));
    }
    /** The attempts, backoff and deadline an operation may spend repeating a call of its own. */
    retryBudget(call) {
        return this.#transport.retryBudget(call);
    }
    /** Masks every secret this client knows in `text`. */
    redact(text) {
        return this.#redactor.redact(text);
    }
}

;// CONCATENATED MODULE: ../../packages/core/dist/operations/seed-marker.js

/**
 * Where a finished seed is recorded: one document per seeded SDK index (namespace), id
 * `namespace:<name>`, in a namespace of its own. A marker document inside the
 * seeded namespace would turn up in the app's searches and counts; a namespace apart does not,
 * and goes with the database when it is deleted. The marker is written only after the last
 * batch was accepted, so a run that died midway leaves none and the next run seeds again
 * (upserts by id: what the dead run wrote is replaced, not doubled).
 */
const SEED_MARKER_NAMESPACE = "stashkit-seeds";
const markerSchema = zod/* object */.Ikc({ finished: zod/* literal */.euz(true), documents: zod/* number */.aig(), at: zod/* string */.YjP() });
// A prefix keeps "" (the default namespace) a valid id and apart from a namespace named "default".
const markerId = (namespace) => `namespace:${namespace}`;
/** The marker of a finished seed of `namespace`, or undefined when none finished. */
async function readSeedMarker(target, namespace, call) {
    const [found] = await target.fetch({ ids: [markerId(namespace)] }, { ...call, namespace: SEED_MARKER_NAMESPACE });
    const parsed = markerSchema.safeParse(found?.content);
    return parsed.success ? parsed.data : undefined;
}
async function writeSeedMarker(target, namespace, documents, call) {
    const content = { finished: true, documents, at: new Date().toISOString() };
    await target.upsert([{ id: markerId(namespace), content }], { ...call, namespace: SEED_MARKER_NAMESPACE });
}
/** Removes the record of `namespace`'s seed: the SDK index is gone, and a new one is seeded again. */
async function forgetSeedMarker(target, namespace, call) {
    await target.delete({ ids: [markerId(namespace)] }, { ...call, namespace: SEED_MARKER_NAMESPACE });
}

;// CONCATENATED MODULE: ../../packages/core/dist/operations/write-in-batches.js
const DEFAULT_CONCURRENCY = 16;
/**
 * Upserts a stream of documents in batches of the index's `max_writes_per_request`, several in
 * flight, each request started no sooner than the pace allows. Memory holds at most
 * `concurrency` batches and the one (or the page) being cut, whatever the stream's length. A 429 waits in the transport, whose
 * backoff every request of the client shares, so the batches in flight slow down together.
 */
async function writeInBatches(target, documents, options) {
    const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    const pace = pacer(target, options);
    const inFlight = new Set();
    let written = 0;
    let batches = 0;
    let failure;
    const send = async (batch) => {
        await pace();
        await target.upsert(batch, { ...write_in_batches_callOf(options), namespace: options.namespace });
        written += batch.length;
        options.onProgress?.(written);
    };
    const start = (batch) => {
        batches++;
        const running = send(batch).then(() => void inFlight.delete(running), (cause) => {
            inFlight.delete(running);
            failure ??= cause;
        });
        inFlight.add(running);
    };
    for await (const batch of batchesOf(documents, target.maxWritesPerRequest)) {
        if (failure !== undefined)
            break;
        start(batch);
        while (inFlight.size >= concurrency && failure === undefined)
            await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (failure !== undefined)
        throw failure;
    return { written, batches };
}
/** Batches of `size` documents (the last may be smaller); a page is cut into slices, not walked document by document. */
async function* batchesOf(source, size) {
    let batch = [];
    if ("pages" in source) {
        for await (const page of source.pages) {
            for (let start = 0; start < page.length;) {
                const taken = page.slice(start, start + size - batch.length);
                start += taken.length;
                if (batch.length === 0)
                    batch = taken;
                else
                    batch.push(...taken);
                if (batch.length < size)
                    continue;
                yield batch;
                batch = [];
            }
        }
    }
    else {
        for await (const document of source) {
            batch.push(document);
            if (batch.length < size)
                continue;
            yield batch;
            batch = [];
        }
    }
    if (batch.length > 0)
        yield batch;
}
function write_in_batches_callOf(options) {
    return { deadline: options.deadline, signal: options.signal };
}
/** Spaces request starts `1000 / maxWritesPerSecond` ms apart, waiting on the client's clock and deadline. */
function pacer(target, options) {
    const rate = options.maxWritesPerSecond ?? 0;
    if (!(rate > 0))
        return async () => { };
    const budget = target.retryBudget(write_in_batches_callOf(options));
    const gap = 1000 / rate;
    let next = 0;
    return async () => {
        const slot = Math.max(budget.now(), next);
        next = slot + gap;
        await budget.waitUntil(slot);
    };
}

;// CONCATENATED MODULE: ../../packages/core/dist/operations/seed-search-index.js




/** `created`: seed unless a finished seed is recorded; `always`: upsert again on every run. */
const SEED_WHEN = ["created", "always"];
/**
 * Upserts `documents` into one SDK index of the target, streamed in batches (see
 * `writeInBatches`), then records the seed as finished. With `when: "created"` a recorded seed
 * is not redone (nothing is written); a run that died before the record is completed by the
 * next one. Idempotent by document id.
 */
async function seedSearchIndex(target, input) {
    const index = checkedTargetIndex(input.index, "seed-index");
    const when = checkedWhen(input.when);
    const call = { deadline: input.deadline, signal: input.signal };
    if (when === "created") {
        const marker = await readSeedMarker(target, index, call);
        if (marker !== undefined)
            return { seeded: false, index, written: 0, finishedAt: marker.at };
    }
    const { written, batches } = await writeInBatches(target, input.documents, { ...input, namespace: index });
    await writeSeedMarker(target, index, written, call);
    return { seeded: true, index, written, batches };
}
function checkedTargetIndex(index, name) {
    const namespace = validateNamespace(index ?? DEFAULT_NAMESPACE, name);
    if (namespace === SEED_MARKER_NAMESPACE) {
        throw new configuration_error/* ConfigurationError */.j(name, `${name} "${SEED_MARKER_NAMESPACE}" is where stashkit records finished seeds`);
    }
    return namespace;
}
function checkedWhen(when) {
    if (when === undefined)
        return "created";
    if (SEED_WHEN.includes(when))
        return when;
    throw new configuration_error/* ConfigurationError */.j("seed-when", `seed-when must be "created" or "always", not ${JSON.stringify(when)}`);
}

;// CONCATENATED MODULE: ../../packages/core/dist/operations/clone-search-index.js




/**
 * Copies SDK indexes (namespaces) of `source` into `target`, page by page: `range` on the source
 * (its read-only token is enough) feeds `seedSearchIndex` on the target, so memory holds a page
 * and the batches in flight, whatever the source holds. Each target index records its finished
 * copy like a seed, so a rerun with `when: "created"` writes nothing and a run that died midway
 * is completed by the next.
 */
async function cloneSearchIndex(source, target, input = {}) {
    const into = input.into === undefined ? undefined : checkedTargetIndex(input.into, "into");
    if (into !== undefined && input.indexes?.length !== 1) {
        throw new configuration_error/* ConfigurationError */.j("into", "into names one target SDK index: give exactly one source index with it");
    }
    const call = { deadline: input.deadline, signal: input.signal };
    const names = input.indexes ?? (await sourceIndexes(source, call));
    const results = [];
    for (const from of names) {
        const index = into ?? checkedTargetIndex(from, "indexes");
        const began = Date.now();
        const pageSize = input.pageSize ?? 1_000;
        const pages = readAhead(source, { ...call, namespace: from }, pageSize);
        const { onProgress, indexes: _names, into: _into, pageSize: _pageSize, ...seed } = input;
        const result = await seedSearchIndex(target, {
            ...seed,
            concurrency: seed.concurrency ?? batchesInFlight(pageSize, target.maxWritesPerRequest),
            index,
            documents: { pages },
            onProgress: (written) => onProgress?.(index, written),
        });
        results.push({ ...result, from, ms: Date.now() - began });
    }
    return { indexes: results, written: results.reduce((sum, result) => sum + result.written, 0) };
}
/**
 * A page's worth of batches in flight (10 for pages of 1,000 and batches of 100), not a seed's
 * 16: the next page is read while this one is written, so more would only wait for it, and each
 * batch in flight holds its documents and a request (bench S10m: fewer batches, less memory).
 */
function batchesInFlight(pageSize, batchSize) {
    return Math.min(DEFAULT_CONCURRENCY, Math.max(2, Math.ceil(pageSize / batchSize)));
}
/** The source's SDK indexes holding documents, the marker namespace left out. */
async function sourceIndexes(source, call) {
    const { namespaces } = await source.info(call);
    return Object.entries(namespaces)
        .filter(([name, counts]) => name !== SEED_MARKER_NAMESPACE && counts.vectorCount + counts.pendingVectorCount > 0)
        .map(([name]) => name)
        .sort();
}
/**
 * The namespace's pages, the next one asked for while this one is written: the reads overlap the
 * writes instead of adding their round trips (bench S10). A ranged document is already what an
 * upsert takes (`{id, content, metadata?}`), so pages go to the batches as they are, uncopied,
 * and memory holds two pages at most.
 */
async function* readAhead(source, options, limit) {
    let next = source.rangePage({ cursor: "0", limit }, options);
    for (;;) {
        const page = await next;
        if (page.nextCursor !== "")
            next = source.rangePage({ cursor: page.nextCursor, limit }, options);
        // A read-ahead that fails while the consumer stops early must not be an unhandled rejection.
        next.catch(() => { });
        yield page.documents;
        if (page.nextCursor === "")
            return;
    }
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
;// CONCATENATED MODULE: ../../packages/core/dist/seed-files/json-array-elements.js
/**
 * Splits a streamed JSON array into its top-level elements without holding the whole file:
 * it tracks only nesting depth and whether it is inside a string. Each element is then parsed
 * by `JSON.parse`, which reports any syntax error inside it; this splitter reports what is
 * wrong around the elements (no opening `[`, text after the closing `]`, an unclosed array).
 */
async function* jsonArrayElements(chunks) {
    let line = 1;
    let state = "before";
    let depth = 0;
    let inString = false;
    let escaped = false;
    let current = "";
    let startLine = 1;
    for await (const chunk of chunks) {
        for (const char of chunk) {
            if (char === "\n")
                line++;
            if (state === "element") {
                if (inString) {
                    if (escaped)
                        escaped = false;
                    else if (char === "\\")
                        escaped = true;
                    else if (char === '"')
                        inString = false;
                }
                else if (char === '"')
                    inString = true;
                else if (char === "[" || char === "{")
                    depth++;
                else if ((char === "]" || char === "}") && depth > 0)
                    depth--;
                else if ((char === "," || char === "]") && depth === 0) {
                    yield { text: current, line: startLine };
                    current = "";
                    state = char === "]" ? "after" : "between";
                    continue;
                }
                current += char;
                continue;
            }
            if (/\s/.test(char))
                continue;
            if (state === "before") {
                if (char !== "[")
                    throw new SyntaxError(`line ${line}: a JSON array starts with "["`);
                state = "between";
            }
            else if (state === "between") {
                if (char === "]" && current === "") {
                    state = "after";
                    continue;
                }
                state = "element";
                startLine = line;
                current = char;
                if (char === '"')
                    inString = true;
                else if (char === "[" || char === "{")
                    depth = 1;
            }
            else {
                throw new SyntaxError(`line ${line}: text after the closing "]"`);
            }
        }
    }
    if (state !== "after")
        throw new SyntaxError(`line ${line}: the JSON array is not closed with "]"`);
}

;// CONCATENATED MODULE: ../../packages/core/dist/seed-files/read-seed-files.js






/**
 * Checks every document of every file (streamed, one document in memory at a time) and throws a
 * ConfigurationError naming the input, the file and the line of the first bad one, so that a
 * step fails before it sends anything. A JSON file starts with `[`; anything else is NDJSON
 * (one document a line, blank lines skipped).
 */
async function checkSeedFiles(paths, input = "seed-file") {
    const checked = [];
    for (const path of paths) {
        const format = await formatOf(path, input);
        let documents = 0;
        for await (const _ of parsed(path, format, input))
            documents++;
        checked.push({ path, format, documents });
    }
    return checked;
}
/** The documents of checked files, read again from disk, in file order. */
async function* seedDocuments(files, input = "seed-file") {
    for (const file of files)
        yield* parsed(file.path, file.format, input);
}
async function* parsed(path, format, input) {
    const elements = format === "json" ? jsonElements(path, input) : ndjsonLines(path);
    for await (const { text, line } of elements)
        yield documentAt(text, line, path, input);
}
function documentAt(text, line, path, input) {
    const fail = (message) => new configuration_error/* ConfigurationError */.j(input, `${input}: ${path} line ${line}: ${message}`);
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (cause) {
        throw fail(`not JSON (${cause.message})`);
    }
    const result = parseDocumentInput(value);
    if (result.success)
        return result.data;
    const issue = result.error.issues[0];
    const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw fail(`${field}${issue?.message ?? "not a document"}; a document is {id, content, metadata?}`);
}
async function* jsonElements(path, input) {
    try {
        yield* jsonArrayElements((0,external_node_fs_.createReadStream)(path, { encoding: "utf8" }));
    }
    catch (cause) {
        if (!(cause instanceof SyntaxError))
            throw cause;
        throw new configuration_error/* ConfigurationError */.j(input, `${input}: ${path} ${cause.message}`);
    }
}
async function* ndjsonLines(path) {
    const lines = (0,external_node_readline_.createInterface)({ input: (0,external_node_fs_.createReadStream)(path, { encoding: "utf8" }), crlfDelay: Infinity });
    let line = 0;
    for await (const text of lines) {
        line++;
        if (text.trim() !== "")
            yield { text, line };
    }
}
/** JSON when the first character that is not blank is "["; a file that cannot be read names itself. */
async function formatOf(path, input) {
    let handle;
    try {
        handle = await (0,promises_.open)(path, "r");
        const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(4096) });
        const head = buffer.subarray(0, bytesRead).toString("utf8").trimStart();
        if (head === "")
            throw new configuration_error/* ConfigurationError */.j(input, `${input}: ${path} is empty`);
        return head.startsWith("[") ? "json" : "ndjson";
    }
    catch (cause) {
        if (cause instanceof configuration_error/* ConfigurationError */.j)
            throw cause;
        const code = cause.code ?? "unreadable";
        throw new configuration_error/* ConfigurationError */.j(input, `${input}: ${path} cannot be read (${code})`);
    }
    finally {
        await handle?.close();
    }
}

// EXTERNAL MODULE: ../../packages/core/dist/errors/aborted-error.js
var aborted_error = __webpack_require__(5227);
// EXTERNAL MODULE: ../../packages/core/dist/errors/deadline-error.js
var deadline_error = __webpack_require__(2744);
;// CONCATENATED MODULE: ../../packages/core/dist/operations/wait-until-indexed.js



const MAX_INTERVAL_MS = 2_000;
const OPERATION = "wait until indexed";
/**
 * Polls `info` until no document is pending (every upserted document is searchable), and returns
 * the last answer. The service indexes upserts asynchronously; the emulator does so when its
 * indexing delay is set. Stops at the deadline (or the client's, when earlier).
 */
async function waitUntilIndexed(index, options) {
    const { namespace, deadline, signal } = options;
    if (namespace !== undefined)
        validateNamespace(namespace);
    const call = { deadline, signal };
    const budget = index.retryBudget(call);
    for (let wait = options.intervalMs ?? 100;; wait = Math.min(wait * 2, MAX_INTERVAL_MS)) {
        const info = await index.info(call);
        const pending = pendingIn(info, namespace);
        if (pending === 0)
            return info;
        let waited;
        try {
            waited = await budget.waitUntil(budget.now() + wait);
        }
        catch (cause) {
            if (signal?.aborted)
                throw new aborted_error/* AbortedError */.o(`${OPERATION}: was aborted by the caller`, { operation: OPERATION });
            throw cause;
        }
        if (!waited) {
            const where = namespace === undefined ? "in the index" : inNamespace({ namespace });
            throw new deadline_error/* DeadlineExceededError */.K(`${OPERATION}: ${pending} documents still pending ${where} at the deadline`, { operation: OPERATION });
        }
    }
}
function pendingIn(info, namespace) {
    if (namespace === undefined)
        return info.pendingVectorCount;
    return info.namespaces[namespace]?.pendingVectorCount ?? 0;
}

;// CONCATENATED MODULE: ./lib/seed.js


/** Fills the ensured index from the seed files or the clone source, then waits until it is searchable. */
async function seedEnsured(step, index, inputs, options) {
    const target = SearchIndexData.fromIndex(index, options);
    const common = {
        when: inputs.when,
        deadline: step.deadline,
        maxWritesPerSecond: writesPerSecondOf(index),
    };
    const started = Date.now();
    let indexes;
    if (inputs.cloneFrom !== undefined) {
        const source = SearchIndexData.fromIndex(await cloneSource(step, inputs.cloneFrom), {
            ...options,
            readOnly: true,
        });
        const only = inputs.cloneIndex === undefined ? {} : { indexes: [inputs.cloneIndex] };
        const into = inputs.cloneIndex !== undefined && inputs.indexGiven ? { into: inputs.index } : {};
        const cloned = await commands/* group */.Os(`Clone ${inputs.cloneFrom} into ${index.name}`, () => cloneSearchIndex(source, target, { ...common, ...only, ...into }));
        indexes = cloned.indexes;
    }
    else {
        const result = await commands/* group */.Os(`Seed ${index.name} / ${inputs.index}`, () => seedSearchIndex(target, { ...common, index: inputs.index, documents: seedDocuments(inputs.files) }));
        indexes = [
            { index: result.index, written: result.written, seeded: result.seeded, ms: Date.now() - started },
        ];
    }
    if (inputs.waitUntilIndexed) {
        for (const entry of indexes)
            await waitUntilIndexed(target, { namespace: entry.index, deadline: step.deadline });
    }
    for (const entry of indexes) {
        commands/* info */.pq(entry.seeded
            ? `SDK index ${entry.index}: ${entry.written} documents written in ${(entry.ms / 1000).toFixed(1)} s.`
            : `SDK index ${entry.index}: seeded before, nothing written (seed-when: always writes again).`);
    }
    return { written: indexes.reduce((sum, entry) => sum + entry.written, 0), indexes };
}
/** The index's `max_writes_per_second` when it states a usable one; else unpaced (429s still wait). */
function writesPerSecondOf(index) {
    const stated = index["max_writes_per_second"];
    return typeof stated === "number" && stated > 0 ? stated : 0;
}
/** The clone source, by name in the same account; its tokens are masked before anything is logged. */
async function cloneSource(step, name) {
    const found = await step.client().searchIndexes.findByName(name);
    (0,secrets/* registerSecrets */.d)(...found.flatMap((index) => [index.token, index.read_only_token]));
    const [source, ...others] = found;
    if (source === undefined) {
        throw new configuration_error/* ConfigurationError */.j("clone-from", `clone-from: no search index named "${name}" in this account`);
    }
    if (others.length > 0) {
        throw new configuration_error/* ConfigurationError */.j("clone-from", `clone-from: ${found.length} search indexes are named "${name}"`);
    }
    return source;
}

// EXTERNAL MODULE: ../../packages/action-kit/dist/inputs.js
var inputs = __webpack_require__(6802);
;// CONCATENATED MODULE: ./lib/seed-inputs.js


/**
 * Reads the seeding inputs and checks every document of every seed file, so that a bad line
 * fails the step before the index is created or anything is written.
 */
async function readSeedInputs(step) {
    // One path a line (a path may hold a comma).
    const paths = (0,inputs/* readInput */.R5)("seed-file")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "");
    const rawIndex = (0,inputs/* readInput */.R5)("seed-index");
    const cloneFrom = (0,inputs/* readInput */.R5)("clone-from");
    const cloneIndex = (0,inputs/* readInput */.R5)("clone-index");
    if (paths.length > 0 && cloneFrom !== "") {
        throw new configuration_error/* ConfigurationError */.j("clone-from", "give seed-file or clone-from, not both: each fills the SDK index");
    }
    if (cloneIndex !== "" && cloneFrom === "") {
        throw new configuration_error/* ConfigurationError */.j("clone-index", "clone-index names an SDK index of clone-from: give clone-from too");
    }
    if (cloneFrom !== "" && rawIndex !== "" && cloneIndex === "") {
        throw new configuration_error/* ConfigurationError */.j("seed-index", "with clone-from, seed-index needs clone-index: the one SDK index copied into it");
    }
    return {
        index: rawIndex === "" ? "default" : step.expandName(rawIndex, "seed-index"),
        indexGiven: rawIndex !== "",
        cloneFrom: cloneFrom === "" ? undefined : step.expandName(cloneFrom, "clone-from"),
        cloneIndex: cloneIndex === "" ? undefined : cloneIndex,
        when: (0,inputs/* readChoice */.Kf)("seed-when", SEED_WHEN, "created"),
        waitUntilIndexed: (0,inputs/* readBoolean */.Vf)("wait-until-indexed", true),
        files: await checkSeedFiles(paths, "seed-file"),
    };
}

;// CONCATENATED MODULE: ./lib/seeding.js
// What main loads only when a seed is asked for, behind one dynamic import: two imports made
// two lazily loaded chunks that each carried the ~400 lines both modules share.




/***/ })

};
