export const id = 257;
export const ids = [257];
export const modules = {

/***/ 257:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  deleteOneSdkIndex: () => (/* binding */ deleteOneSdkIndex),
  pruneInDatabase: () => (/* binding */ pruneInDatabase)
});

// EXTERNAL MODULE: ../../packages/action-kit/dist/secrets.js
var secrets = __webpack_require__(7018);
// EXTERNAL MODULE: ../../packages/action-kit/dist/runner/commands.js + 1 modules
var commands = __webpack_require__(5504);
// EXTERNAL MODULE: ../../packages/action-kit/dist/github-lookup.js
var github_lookup = __webpack_require__(3635);
// EXTERNAL MODULE: ../../packages/core/dist/errors/configuration-error.js
var configuration_error = __webpack_require__(8794);
// EXTERNAL MODULE: ../../packages/core/dist/resources/resource.js
var resource = __webpack_require__(4209);
;// CONCATENATED MODULE: ../../packages/core/dist/resources/rest-url.js
/** Public examples of a search index's REST host look like this; the form is inferred, not documented. */
const DEFAULT_REST_URL_TEMPLATE = "https://{endpoint}-search.upstash.io";
/**
 * The REST URL of a search index, from its `endpoint` field:
 * - an absolute URL (`https://...`) is used as it is;
 * - a host name with a dot gets `https://` in front;
 * - a bare name such as `glowing-baboon-15797-us1` fills `template` (default above).
 */
function restUrl(index, template = DEFAULT_REST_URL_TEMPLATE) {
    const endpoint = index.endpoint.trim();
    if (/^https?:\/\//i.test(endpoint))
        return endpoint.replace(/\/+$/, "");
    if (endpoint.includes("."))
        return `https://${endpoint.replace(/\/+$/, "")}`;
    return template.replaceAll("{endpoint}", endpoint);
}

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
// EXTERNAL MODULE: ../../packages/core/dist/clients/client-options.js + 22 modules
var client_options = __webpack_require__(5521);
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

// EXTERNAL MODULE: ../../packages/core/dist/templates/match.js
var match = __webpack_require__(30);
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
async function seed_marker_readSeedMarker(target, namespace, call) {
    const [found] = await target.fetch({ ids: [markerId(namespace)] }, { ...call, namespace: SEED_MARKER_NAMESPACE });
    const parsed = markerSchema.safeParse(found?.content);
    return parsed.success ? parsed.data : undefined;
}
async function seed_marker_writeSeedMarker(target, namespace, documents, call) {
    const content = { finished: true, documents, at: new Date().toISOString() };
    await target.upsert([{ id: markerId(namespace), content }], { ...call, namespace: SEED_MARKER_NAMESPACE });
}
/** Removes the record of `namespace`'s seed: the SDK index is gone, and a new one is seeded again. */
async function forgetSeedMarker(target, namespace, call) {
    await target.delete({ ids: [markerId(namespace)] }, { ...call, namespace: SEED_MARKER_NAMESPACE });
}

;// CONCATENATED MODULE: ../../packages/core/dist/operations/seed-search-index.js




/** `created`: seed unless a finished seed is recorded; `always`: upsert again on every run. */
const SEED_WHEN = (/* unused pure expression or super */ null && (["created", "always"]));
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
    throw new ConfigurationError("seed-when", `seed-when must be "created" or "always", not ${JSON.stringify(when)}`);
}

;// CONCATENATED MODULE: ../../packages/core/dist/operations/delete-sdk-index.js





/**
 * Deletes one SDK index (namespace) of a database, and its record of a finished seed, so that a
 * later ensure seeds it again. An SDK index that is not there counts as deleted already.
 */
async function deleteSdkIndex(data, input) {
    const index = checkedTargetIndex(input.index, "index");
    if (index === DEFAULT_NAMESPACE)
        throw new configuration_error/* ConfigurationError */.j("index", "the default SDK index cannot be deleted");
    const call = { deadline: input.deadline, signal: input.signal };
    const present = (await data.listNamespaces(call)).includes(index);
    if (input.dryRun)
        return { deleted: present };
    if (present)
        await data.deleteNamespace(index, call);
    await forgetSeedMarker(data, index, call);
    return { deleted: present };
}
/** Deletes the SDK indexes of one database whose names match the pattern and that `staleOf` calls stale. */
async function pruneSdkIndexes(data, input) {
    const matcher = (0,match/* templateMatcher */.x)(input.pattern, input.patternInput);
    const call = { deadline: input.deadline, signal: input.signal };
    const candidates = [];
    for (const name of await data.listNamespaces(call)) {
        const values = name === SEED_MARKER_NAMESPACE ? undefined : matcher(name);
        if (values)
            candidates.push({ name, values });
    }
    const verdicts = candidates.length > 0 ? await input.staleOf(candidates) : [];
    const stale = candidates.filter((_, n) => verdicts[n] === true);
    const kept = candidates.filter((_, n) => verdicts[n] !== true);
    if (!input.dryRun) {
        for (const { name } of stale)
            await deleteSdkIndex(data, { ...call, index: name });
    }
    return { deleted: stale, kept };
}

// EXTERNAL MODULE: ./lib/prune.js + 1 modules
var prune = __webpack_require__(560);
;// CONCATENATED MODULE: ./lib/sdk-indexes.js



/** The database by name, as a data-plane client; its tokens are masked before anything is logged. */
async function database(step, name, options) {
    const found = await step.client().searchIndexes.findByName(name);
    (0,secrets/* registerSecrets */.d)(...found.flatMap((index) => [index.token, index.read_only_token]));
    const [index, ...others] = found;
    if (index === undefined)
        throw new configuration_error/* ConfigurationError */.j("name", `no search index named "${name}" in this account`);
    if (others.length > 0)
        throw new configuration_error/* ConfigurationError */.j("name", `${found.length} search indexes are named "${name}"`);
    return { id: index.id, data: SearchIndexData.fromIndex(index, { ...options, redactor: step.redactor }) };
}
const none = { kept: [], remaining: [], stoppedBy: undefined };
/** Deletes one SDK index of a database; the outputs name it with the database's id. */
async function deleteOneSdkIndex(step, target, options) {
    const { id, data } = await database(step, target.name, options);
    const { deleted } = await commands/* group */.Os(`Delete SDK index ${target.index} of ${target.name}`, () => deleteSdkIndex(data, { index: target.index, dryRun: target.dryRun, deadline: step.deadline }));
    if (!deleted)
        commands/* info */.pq(`SDK index ${target.index} of ${target.name} is not there: nothing to delete.`);
    const refs = deleted ? [{ name: target.index, id }] : [];
    return { deleted: refs, ...none };
}
/** Deletes the SDK indexes of closed pull requests inside one database (one GitHub request per 100). */
async function pruneInDatabase(step, target, options) {
    const { id, data } = await database(step, target.name, options);
    const github = (0,github_lookup/* gitHubLookup */.M)(step, target.githubToken, "delete-search-index");
    const result = await commands/* group */.Os(`Prune SDK indexes of ${target.name} matching ${target.pattern}`, () => pruneSdkIndexes(data, {
        pattern: target.pattern,
        patternInput: "prune-pattern",
        dryRun: target.dryRun,
        deadline: step.deadline,
        staleOf: (0,prune/* staleByPullRequest */.B)(github),
    }));
    const ref = ({ name }) => ({ name, id });
    return {
        deleted: result.deleted.map(ref),
        kept: result.kept.map(ref),
        remaining: [],
        stoppedBy: undefined,
    };
}


/***/ })

};
