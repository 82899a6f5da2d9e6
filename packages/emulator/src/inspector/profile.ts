import type { IncomingMessage } from "node:http";
import { CONTROL_TOKEN_HEADER, type ControlAccessPolicy, controlRefusal } from "../control/access.ts";
import { controlErrors } from "../control/errors.ts";
import type { ApiProfile, RequestFacts, Route } from "../http/api.ts";
import { HttpError } from "../http/errors.ts";
import { ok, type Reply } from "../http/reply.ts";
import { get, post } from "../http/route-table.ts";
import {
  type ActionTarget,
  MESSAGING_ACTION_NAMES,
  messagingAction,
  namedRegion,
  revealToken,
  searchIndex,
} from "./actions.ts";
import { type OverviewSources, overview } from "./overview.ts";
import { INSPECTOR_PAGE } from "./page.ts";
import { dlqPayload, schedulePayload } from "./payloads.ts";
import { INSPECTOR_SCRIPT } from "./script.ts";
import {
  actOnDlqEntries,
  enqueueMessage,
  notifyEvent,
  payloadOf,
  publishMessage,
  triggerRun,
} from "./send-actions.ts";
import { INSPECTOR_STYLE } from "./style.ts";

/** Where the page's script, style and data live; under the control API's prefix, outside every real API. */
export const INSPECTOR_PREFIX = "/__stashkit/inspector";

export interface InspectorParts {
  sources: OverviewSources;
  actions: ActionTarget;
  policy: ControlAccessPolicy;
}

/** The page's own files: no data in them, so a caller without the control token may load them. */
const PAGE_FILES = new Set(["/", `${INSPECTOR_PREFIX}/inspector.js`, `${INSPECTOR_PREFIX}/inspector.css`]);

/**
 * Nothing from elsewhere, and no framing: the page may only talk to the emulator that served it.
 * `connect-src 'self'` covers the fetches and the event stream.
 */
const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

/**
 * The inspector: a page at `/` and the JSON it reads. Same rules as the control API (loopback
 * peers, or the control token; other sites' pages refused). It reads by itself; each button is
 * one request to a real API (see `actions.ts`).
 */
export function inspectorProfile(parts: InspectorParts): ApiProfile<undefined> {
  return {
    name: "inspector",
    emulated: false,
    routes: inspectorRoutes(parts),
    authenticate: (facts) => authenticate(facts, parts.policy),
    renderError(error) {
      if (error instanceof HttpError) return { status: error.status, json: { error: error.message } };
      throw error;
    },
  };
}

function inspectorRoutes(parts: InspectorParts): Route<undefined>[] {
  const at = (path: string) => `${INSPECTOR_PREFIX}${path}`;
  const file = (text: string, contentType: string) => (): Reply => ({
    status: 200,
    text,
    contentType,
    headers: PAGE_HEADERS,
  });
  const act = (action: string) => (c: { params: Record<string, string>; query: URLSearchParams }) =>
    messagingAction(parts.actions, action, c.params["id"] ?? "", regionOf(c));
  const acting = { writes: false };
  return [
    get("/", file(INSPECTOR_PAGE, "text/html; charset=utf-8")),
    get(at("/inspector.js"), file(INSPECTOR_SCRIPT, "text/javascript; charset=utf-8")),
    get(at("/inspector.css"), file(INSPECTOR_STYLE, "text/css; charset=utf-8")),
    get(at("/overview"), () => ok(overview(parts.sources))),
    ...MESSAGING_ACTION_NAMES.map((action) =>
      post(at(`/${action.replace("/", "/:id/")}`), act(action), acting),
    ),
    post(
      at("/indexes/:id/search"),
      (c) => searchIndex(parts.actions, c.params["id"] ?? "", c.rawBody),
      acting,
    ),
    post(at("/indexes/:id/reveal-token"), (c) => revealToken(parts.actions, c.params["id"] ?? ""), acting),
    ...editorRoutes(parts, at),
  ];
}

/** The QStash region a request of the page names (`?region=EU_CENTRAL_1`); none names the default. */
function regionOf(c: { query: URLSearchParams }): string | undefined {
  return c.query.get("region") ?? undefined;
}

/**
 * The payload editor's routes, each in the region the request names: sends through the real API
 * (`acting`: the emulator's own request commits), the by-hand actions as a unit of work the
 * pipeline commits (on that region's engine), and the payloads it starts from.
 */
function editorRoutes(parts: InspectorParts, at: (path: string) => string): Route<undefined>[] {
  const { actions, sources } = parts;
  const acting = { writes: false };
  const id = (c: { params: Record<string, string> }) => c.params["id"] ?? "";
  const to = (c: { query: URLSearchParams }) => ({ target: actions, region: regionOf(c) });
  const inRegion = (c: { query: URLSearchParams }) => namedRegion(sources.regions, regionOf(c));
  return [
    post(at("/publish"), (c) => publishMessage(to(c), c.rawBody), acting),
    post(at("/queue/:id/enqueue"), (c) => enqueueMessage(to(c), id(c), c.rawBody), acting),
    post(at("/workflows/trigger"), (c) => triggerRun(to(c), c.rawBody), acting),
    post(at("/events/:id/notify"), (c) => notifyEvent(to(c), id(c), c.rawBody), acting),
    post(at("/dlq/retry"), (c) => actOnDlqEntries(to(c), "retry", c.rawBody), acting),
    post(at("/dlq/delete"), (c) => actOnDlqEntries(to(c), "delete", c.rawBody), acting),
    post(at("/schedule/:id/run"), (c) => ok(inRegion(c).byHand.runSchedule(id(c), payloadOf(c.rawBody)))),
    post(at("/dlq/:id/retry-with"), (c) => ok(inRegion(c).byHand.retryDlqWith(id(c), payloadOf(c.rawBody)))),
    get(at("/schedule/:id/payload"), (c) => ok({ body: schedulePayload(inRegion(c).stores, id(c)) })),
    get(at("/dlq/:id/payload"), (c) => ok({ body: dlqPayload(inRegion(c).stores, id(c)) })),
  ];
}

/** The control API's check; a missing control token is let through for the page's own files only. */
function authenticate(facts: RequestFacts<undefined>, policy: ControlAccessPolicy): undefined {
  const refusal = controlRefusal(accessFacts(facts.req), policy);
  if (refusal === undefined) return undefined;
  if (refusal.status === 401 && facts.req.method === "GET" && PAGE_FILES.has(facts.path)) return undefined;
  throw controlErrors.refused(refusal);
}

export function accessFacts(req: IncomingMessage) {
  return {
    peerAddress: req.socket.remoteAddress,
    host: req.headers.host,
    origin: req.headers.origin,
    fetchSite: header(req, "sec-fetch-site"),
    token: header(req, CONTROL_TOKEN_HEADER),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
