import type { ApiProfile, RequestFacts, RouteContext } from "../http/api.ts";
import { bearerToken } from "../http/auth.ts";
import { HttpError } from "../http/errors.ts";
import { ok, type Reply } from "../http/reply.ts";
import type { IndexStore, SearchIndexRecord } from "../management/store.ts";
import { accessOf, type DataAccess } from "./access.ts";
import { type DataRoute, dataRoute } from "./data-routes.ts";
import { searchDataErrors } from "./errors.ts";
import { DATA_PLANE_PREFIX, dataPlaneRoutes, endpointInPath } from "./routes.ts";
import type { SearchDocuments } from "./search-documents.ts";

/** Who is calling the data plane: an index, and what its token lets the caller do there. */
export interface DataPrincipal {
  index: SearchIndexRecord;
  access: DataAccess;
}

/** The live settings the data plane reads at each request. */
export interface DataPlaneSettings {
  /** How long an upsert stays pending before search sees it; 0: at once (the default). */
  searchIndexingDelayMs: number;
  /** "index": each index's `max_writes_per_second` / `max_query_per_second` answer 429 beyond them. */
  searchRateLimits: "off" | "index";
}

export interface DataPlaneParts {
  documents: SearchDocuments;
  indexes: IndexStore;
  settings: DataPlaneSettings;
  /** The emulator's clock (tests move it forward), which pending upserts wait on. */
  now(): number;
}

/**
 * The search data plane at `/search/{endpoint}/{route}[/{namespace}]`: what the official SDKs
 * call with an index's REST URL and token. Bearer auth against the index the path names;
 * answers `{"result": …}` or `{"error": "…"}`, as the service does.
 */
export function dataPlaneProfile(parts: DataPlaneParts): ApiProfile<DataPrincipal> {
  const { settings } = parts;
  return {
    name: "search-data",
    emulated: true,
    routes: dataPlaneRoutes<DataPrincipal>((context, route, namespace) =>
      handle(parts, context, route, namespace),
    ),
    ownsPath: (path) => path.startsWith(`${DATA_PLANE_PREFIX}/`),
    unrouted: (_method, path, status) =>
      status === 404
        ? searchDataErrors.unknownRoute(path.split("/").slice(3).join("/"))
        : searchDataErrors.methodNotAllowed(),
    authenticate: (facts) => authenticate(parts.indexes, facts),
    renderError,
    rateLimit(facts) {
      if (settings.searchRateLimits !== "index" || !facts.route) return undefined;
      const endpoint = endpointOf(facts);
      const index = parts.indexes.withEndpoint(endpoint)[0]?.index;
      if (!index) return undefined;
      const writes = facts.route.kind === "write";
      return {
        key: `${endpoint} ${facts.route.kind}`,
        limit: writes ? index.max_writes_per_second : index.max_query_per_second,
      };
    },
  };
}

function handle(
  parts: DataPlaneParts,
  context: RouteContext<DataPrincipal>,
  name: string,
  namespace: string | undefined,
): Reply {
  const route = dataRoute(name) as DataRoute;
  const { index } = context.principal;
  const result = route.run({
    database: parts.documents.database(index.id),
    namespace: namespace ?? "",
    namespaceGiven: namespace !== undefined,
    body: jsonBody(context.rawBody),
    all: context.query.has("all"),
    limits: { maxDocuments: index.max_vector_count, maxWritesPerRequest: index.max_writes_per_request },
    timing: { now: parts.now(), indexingDelayMs: parts.settings.searchIndexingDelayMs },
  });
  return ok({ result });
}

/**
 * The index whose token the request carries, among those the path's endpoint names (two indexes
 * may share an endpoint name; the token tells them apart). Writes need the read-write token: the
 * service's REST API answers 401 for a token that may not do what is asked.
 */
function authenticate(indexes: IndexStore, facts: RequestFacts<DataPrincipal>): DataPrincipal {
  const endpoint = endpointOf(facts);
  const token = bearerToken(facts.req);
  if (token === undefined) throw searchDataErrors.unauthorized("missing bearer token");
  for (const { index } of indexes.withEndpoint(endpoint)) {
    const access = accessOf(index, token);
    if (!access) continue;
    if (access === "read-only" && facts.route?.writes) {
      throw searchDataErrors.unauthorized("the read-only token cannot write");
    }
    return { index, access };
  }
  throw searchDataErrors.unauthorized("invalid token");
}

function endpointOf(facts: RequestFacts<DataPrincipal>): string {
  return facts.params["endpoint"] ?? endpointInPath(facts.path);
}

/** The body as JSON; none at all is fine for the routes that need none (Python sends none to reset). */
function jsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw searchDataErrors.invalidBody("not JSON");
  }
}

function renderError(error: unknown): Reply {
  if (error instanceof HttpError)
    return { status: error.status, headers: error.headers, json: { error: error.message } };
  throw error;
}
