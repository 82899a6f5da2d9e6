export const id = 962;
export const ids = [962];
export const modules = {

/***/ 2962:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readSeedInputs: () => (/* binding */ readSeedInputs)
/* harmony export */ });
/* harmony import */ var _stashkit_action_kit__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6802);
/* harmony import */ var _stashkit_core__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8794);
/* harmony import */ var _stashkit_core__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2918);
/* harmony import */ var _stashkit_core__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3093);


/**
 * Reads the seeding inputs and checks every document of every seed file, so that a bad line
 * fails the step before the index is created or anything is written.
 */
async function readSeedInputs(step) {
    // One path a line (a path may hold a comma).
    const paths = (0,_stashkit_action_kit__WEBPACK_IMPORTED_MODULE_0__/* .readInput */ .R5)("seed-file")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "");
    const rawIndex = (0,_stashkit_action_kit__WEBPACK_IMPORTED_MODULE_0__/* .readInput */ .R5)("seed-index");
    const cloneFrom = (0,_stashkit_action_kit__WEBPACK_IMPORTED_MODULE_0__/* .readInput */ .R5)("clone-from");
    const cloneIndex = (0,_stashkit_action_kit__WEBPACK_IMPORTED_MODULE_0__/* .readInput */ .R5)("clone-index");
    if (paths.length > 0 && cloneFrom !== "") {
        throw new _stashkit_core__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j("clone-from", "give seed-file or clone-from, not both: each fills the SDK index");
    }
    if (cloneIndex !== "" && cloneFrom === "") {
        throw new _stashkit_core__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j("clone-index", "clone-index names an SDK index of clone-from: give clone-from too");
    }
    if (cloneFrom !== "" && rawIndex !== "" && cloneIndex === "") {
        throw new _stashkit_core__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j("seed-index", "with clone-from, seed-index needs clone-index: the one SDK index copied into it");
    }
    return {
        index: rawIndex === "" ? "default" : step.expandName(rawIndex, "seed-index"),
        indexGiven: rawIndex !== "",
        cloneFrom: cloneFrom === "" ? undefined : step.expandName(cloneFrom, "clone-from"),
        cloneIndex: cloneIndex === "" ? undefined : cloneIndex,
        when: (0,_stashkit_action_kit__WEBPACK_IMPORTED_MODULE_0__/* .readChoice */ .Kf)("seed-when", _stashkit_core__WEBPACK_IMPORTED_MODULE_2__/* .SEED_WHEN */ .r9, "created"),
        waitUntilIndexed: (0,_stashkit_action_kit__WEBPACK_IMPORTED_MODULE_0__/* .readBoolean */ .Vf)("wait-until-indexed", true),
        files: await (0,_stashkit_core__WEBPACK_IMPORTED_MODULE_3__/* .checkSeedFiles */ .T)(paths, "seed-file"),
    };
}


/***/ }),

/***/ 2248:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XS: () => (/* binding */ SEED_MARKER_NAMESPACE),
/* harmony export */   lH: () => (/* binding */ writeSeedMarker),
/* harmony export */   qd: () => (/* binding */ readSeedMarker)
/* harmony export */ });
/* unused harmony export forgetSeedMarker */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6585);

/**
 * Where a finished seed is recorded: one document per seeded SDK index (namespace), id
 * `namespace:<name>`, in a namespace of its own. A marker document inside the
 * seeded namespace would turn up in the app's searches and counts; a namespace apart does not,
 * and goes with the database when it is deleted. The marker is written only after the last
 * batch was accepted, so a run that died midway leaves none and the next run seeds again
 * (upserts by id: what the dead run wrote is replaced, not doubled).
 */
const SEED_MARKER_NAMESPACE = "stashkit-seeds";
const markerSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ finished: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(true), documents: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(), at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() });
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


/***/ }),

/***/ 2918:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  r9: () => (/* binding */ SEED_WHEN),
  Z2: () => (/* binding */ checkedTargetIndex),
  aE: () => (/* binding */ seedSearchIndex)
});

// UNUSED EXPORTS: checkedWhen

// EXTERNAL MODULE: ../../packages/core/dist/errors/configuration-error.js
var configuration_error = __webpack_require__(8794);
// EXTERNAL MODULE: ../../packages/core/dist/schemas/search-data-inputs.js
var search_data_inputs = __webpack_require__(9593);
// EXTERNAL MODULE: ../../packages/core/dist/operations/seed-marker.js
var seed_marker = __webpack_require__(2248);
;// CONCATENATED MODULE: ../../packages/core/dist/operations/write-in-batches.js
const DEFAULT_CONCURRENCY = 16;
/**
 * Upserts a stream of documents in batches of the index's `max_writes_per_request`, several in
 * flight, each request started no sooner than the pace allows. Memory holds at most
 * `concurrency + 1` batches, whatever the stream's length. A 429 waits in the transport, whose
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
        await target.upsert(batch, { ...callOf(options), namespace: options.namespace });
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
    let batch = [];
    for await (const document of documents) {
        batch.push(document);
        if (batch.length < target.maxWritesPerRequest)
            continue;
        start(batch);
        batch = [];
        while (inFlight.size >= concurrency && failure === undefined)
            await Promise.race(inFlight);
        if (failure !== undefined)
            break;
    }
    if (batch.length > 0 && failure === undefined)
        start(batch);
    await Promise.all(inFlight);
    if (failure !== undefined)
        throw failure;
    return { written, batches };
}
function callOf(options) {
    return { deadline: options.deadline, signal: options.signal };
}
/** Spaces request starts `1000 / maxWritesPerSecond` ms apart, waiting on the client's clock and deadline. */
function pacer(target, options) {
    const rate = options.maxWritesPerSecond ?? 0;
    if (!(rate > 0))
        return async () => { };
    const budget = target.retryBudget(callOf(options));
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
        const marker = await (0,seed_marker/* readSeedMarker */.qd)(target, index, call);
        if (marker !== undefined)
            return { seeded: false, index, written: 0, finishedAt: marker.at };
    }
    const { written, batches } = await writeInBatches(target, input.documents, { ...input, namespace: index });
    await (0,seed_marker/* writeSeedMarker */.lH)(target, index, written, call);
    return { seeded: true, index, written, batches };
}
function checkedTargetIndex(index, name) {
    const namespace = (0,search_data_inputs/* validateNamespace */.qB)(index ?? search_data_inputs/* DEFAULT_NAMESPACE */.oQ, name);
    if (namespace === seed_marker/* SEED_MARKER_NAMESPACE */.XS) {
        throw new configuration_error/* ConfigurationError */.j(name, `${name} "${seed_marker/* SEED_MARKER_NAMESPACE */.XS}" is where stashkit records finished seeds`);
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


/***/ }),

/***/ 9593:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ validateDocuments),
/* harmony export */   H4: () => (/* binding */ MAX_PAGE_SIZE),
/* harmony export */   HK: () => (/* binding */ documentInputSchema),
/* harmony export */   N5: () => (/* binding */ validateIds),
/* harmony export */   YW: () => (/* binding */ DEFAULT_MAX_WRITES_PER_REQUEST),
/* harmony export */   me: () => (/* binding */ maxWritesOf),
/* harmony export */   oQ: () => (/* binding */ DEFAULT_NAMESPACE),
/* harmony export */   qB: () => (/* binding */ validateNamespace)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6585);
/* harmony import */ var _errors_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8794);
/* harmony import */ var _server_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1216);



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
    if (namespace.length > _server_values_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_ID_LENGTH */ .Qx) {
        throw new _errors_index_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j(input, `${input} is ${namespace.length} characters long: at most ${_server_values_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_ID_LENGTH */ .Qx}`);
    }
    if ((0,_server_values_js__WEBPACK_IMPORTED_MODULE_0__/* .hasUnsafeCharacter */ .QR)(namespace) || (0,_server_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isDotSegment */ .DH)(namespace) || namespace.trim() !== namespace) {
        throw new _errors_index_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j(input, `${input} ${JSON.stringify(namespace)} is invalid: a namespace may not be "." or "..", have surrounding spaces, nor contain control characters, "/" or "\\"`);
    }
    return namespace;
}
const jsonObject = zod__WEBPACK_IMPORTED_MODULE_2__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J());
/** A document to upsert: an id (one per document in the namespace), its content and optional metadata. */
const documentInputSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1, "an id must not be empty"),
    content: jsonObject,
    metadata: jsonObject.optional(),
});
/** Every document checked before the first batch goes out: a bad one fails the upsert with nothing sent. */
function validateDocuments(documents, input = "documents") {
    return Array.from(documents, (document, i) => {
        const parsed = documentInputSchema.safeParse(document);
        if (parsed.success)
            return parsed.data;
        const issue = parsed.error.issues[0];
        const where = [i, ...(issue?.path ?? [])].map(String).join(".");
        throw new _errors_index_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j(input, `${input}.${where}: ${issue?.message ?? "invalid"}; nothing was sent`);
    });
}
function validateIds(ids, input = "ids") {
    ids.forEach((id, i) => {
        if (typeof id !== "string" || id === "") {
            throw new _errors_index_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j(input, `${input}.${i} must be a non-empty string`);
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


/***/ }),

/***/ 3093:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  T: () => (/* binding */ checkSeedFiles),
  G: () => (/* binding */ seedDocuments)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
// EXTERNAL MODULE: ../../packages/core/dist/errors/configuration-error.js
var configuration_error = __webpack_require__(8794);
// EXTERNAL MODULE: ../../packages/core/dist/schemas/search-data-inputs.js
var search_data_inputs = __webpack_require__(9593);
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
    const result = search_data_inputs/* documentInputSchema */.HK.safeParse(value);
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


/***/ })

};
