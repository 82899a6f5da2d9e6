import type { Route, RouteContext } from "../http/api.ts";
import { get, post } from "../http/route-table.ts";
import { DATA_ROUTES } from "./data-routes.ts";

/** Where the data plane lives: `/search/{endpoint}` is an index's REST URL on the emulator. */
export const DATA_PLANE_PREFIX = "/search";

/** Routes the vector API also serves with GET (they take no body). */
const ALSO_GET: ReadonlySet<string> = new Set(["info", "list-namespaces"]);

/**
 * `POST /search/:endpoint/{route}` and `…/{route}/{namespace}` for every data route. The namespace
 * is the rest of the path, so a name with a slash in it still arrives whole.
 */
export function dataPlaneRoutes<P>(
  handle: (
    context: RouteContext<P>,
    route: string,
    namespace: string | undefined,
  ) => ReturnType<Route<P>["handle"]>,
): Route<P>[] {
  return Object.entries(DATA_ROUTES).flatMap(([name, route]) => {
    const options = { writes: route.write, kind: route.write ? "write" : "query" };
    const base = `${DATA_PLANE_PREFIX}/:endpoint/${name}`;
    const routes = [
      post<P>(base, (context) => handle(context, name, undefined), options),
      post<P>(`${base}/*namespace`, (context) => handle(context, name, namespaceOf(context)), options),
    ];
    if (ALSO_GET.has(name)) routes.push(get<P>(base, (context) => handle(context, name, undefined), options));
    return routes;
  });
}

/** `*rest` arrives as sent (still percent-encoded); names are compared decoded. */
function namespaceOf(context: RouteContext<unknown>): string {
  const raw = context.params["namespace"] ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The endpoint name in a data-plane path, for paths no route matched. */
export function endpointInPath(path: string): string {
  return path.split("/")[2] ?? "";
}
