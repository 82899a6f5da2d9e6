import type { ApiProfile, RequestFacts, Route } from "../http/api.ts";
import { bearerToken, sameSecret } from "../http/auth.ts";
import { HttpError } from "../http/errors.ts";
import type { RateDecision } from "../http/rate-limit.ts";
import type { Reply } from "../http/reply.ts";
import { type RegionName, regionSlug } from "../regions/region-names.ts";
import type { Stores } from "../state/stores.ts";
import { DeliveryRecord } from "./engine/delivery/delivered.ts";
import { DestinationFaults } from "./engine/delivery/destination-faults.ts";
import {
  createMessaging,
  deliveryGate,
  type Messaging,
  type MessagingDeps,
} from "./engine/messaging-engine.ts";
import { messagingErrors } from "./errors.ts";
import { messagingArea } from "./records/area.ts";
import { eventArea } from "./records/event-store.ts";
import type { RegionCredentials, RegionPlan } from "./records/region-plan.ts";
import { type RegionalStores, regionsArea } from "./records/regions-area.ts";
import { urlGroupArea } from "./records/url-group-store.ts";
import { workflowArea } from "./records/workflow-area.ts";
import { messagingRoutes } from "./routes/routes.ts";
import { WEBHOOK_PATTERN } from "./routes/webhook-routes.ts";

/** One region as the profile serves it: where, its routes (as `messagingRoutes` writes them), what it accepts. */
export interface ServedRegion {
  plan: RegionPlan;
  routes: readonly Route<undefined>[];
  credentials: RegionCredentials;
}

export interface MessagingProfileParts {
  /** Every region the emulator runs; a single-region emulator runs one, unnamed, at the root. */
  regions: readonly ServedRegion[];
  /** Requests per second it serves before answering 429 (read at each request: a live setting). */
  rateLimit(): number;
}

/**
 * The messaging API: Bearer or `qstash_token` auth, `{error}` bodies, rate-limit headers on
 * answers. Each region's routes are served under its path (`/us-east-1/v2/queues`), the default
 * region's at the root too; a request is the region's whose path it took, and a token of another
 * region is refused there as the service refuses it.
 */
export function messagingProfile(parts: MessagingProfileParts): ApiProfile<undefined> {
  const regionOf = new Map<Route<unknown>, ServedRegion>();
  const routes: Route<undefined>[] = [];
  // A workflow's webhook URL is called by whoever it was given to, with no token.
  const webhooks = new Set<Route<unknown>>();
  for (const region of parts.regions) {
    const { prefix, isDefault } = region.plan;
    for (const at of isDefault && prefix !== "" ? ["", prefix] : [prefix]) {
      for (const route of region.routes) {
        const served = { ...route, pattern: `${at}${route.pattern}` };
        routes.push(served);
        regionOf.set(served, region);
        if (route.pattern === WEBHOOK_PATTERN) webhooks.add(served);
      }
    }
  }
  const regionFor = (facts: RequestFacts<undefined>): ServedRegion =>
    (facts.route && regionOf.get(facts.route)) ?? regionByPath(parts.regions, facts.path);
  return {
    name: "messaging",
    emulated: true,
    routes,
    credentialParameter: "qstash_token",
    ownsPath: (path) => parts.regions.some(({ plan }) => plan.prefix !== "" && under(path, plan.prefix)),
    authenticate: (facts) =>
      facts.route && webhooks.has(facts.route)
        ? undefined
        : requireToken(facts, regionFor(facts), parts.regions),
    renderError(error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.status, headers: error.headers, json: { error: error.message } };
    },
    // Each region is a service of its own, with its own limits.
    rateLimit: (facts) => ({ key: regionFor(facts).plan.name ?? "all", limit: parts.rateLimit() }),
    decorate: (reply, rate) => (rate === undefined ? reply : withRateHeaders(reply, rate)),
  };
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** A path no route matched: the region whose prefix it starts with, else the default one. */
function regionByPath(regions: readonly ServedRegion[], path: string): ServedRegion {
  const named = regions.find(({ plan }) => plan.prefix !== "" && under(path, plan.prefix));
  return named ?? (regions.find(({ plan }) => plan.isDefault) as ServedRegion);
}

/**
 * `Authorization: Bearer <token>`, or the `qstash_token` query parameter, of this region. Another
 * region's token is refused with the service's 404, naming that token's account and this region;
 * a read-only token is refused (403) on a route that writes.
 */
function requireToken(
  facts: RequestFacts<undefined>,
  region: ServedRegion,
  regions: readonly ServedRegion[],
): undefined {
  const presented = bearerToken(facts.req) ?? facts.query.get("qstash_token") ?? undefined;
  if (presented === undefined || presented === "") {
    throw messagingErrors.unauthorized("missing token");
  }
  const among = (tokens: readonly string[]) => tokens.some((token) => sameSecret(token, presented));
  const { tokens, readOnlyTokens } = region.credentials;
  if (among(tokens)) return undefined;
  if (among(readOnlyTokens)) {
    // A path no route serves writes unless it is a GET, as the route table's default has it.
    const writes = facts.route?.writes ?? facts.req.method !== "GET";
    if (writes)
      throw messagingErrors.readOnlyToken(facts.req.method ?? "", facts.route?.pattern ?? facts.path);
    return undefined;
  }
  const owner = regions.find(
    (each) => each !== region && (among(each.credentials.tokens) || among(each.credentials.readOnlyTokens)),
  );
  if (owner !== undefined && region.plan.name !== undefined) {
    throw messagingErrors.otherRegion(owner.plan.userId, regionSlug(region.plan.name));
  }
  throw messagingErrors.unauthorized("invalid token");
}

/**
 * The rate-limit headers, on every answer while a limit is set (a fault's own headers win). The
 * real API's `RateLimit-*` family describes a daily quota; the emulator has only the per-second
 * window, so both families describe it.
 */
function withRateHeaders(reply: Reply, decision: RateDecision): Reply {
  const values = {
    limit: String(decision.limit),
    remaining: String(decision.remaining),
    reset: String(decision.resetSeconds),
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    headers[`burst-ratelimit-${name}`] = value;
    headers[`ratelimit-${name}`] = value;
  }
  return { ...reply, headers: { ...headers, ...reply.headers } };
}

/** One region as the control API, the inspector and `RunningEmulator` see it. */
export interface RegionView {
  /** Undefined for the one region of a single-region emulator. */
  name: RegionName | undefined;
  /** Its path under the emulator's URL (`/us-east-1`); `""` for a single-region emulator's. */
  prefix: string;
  isDefault: boolean;
  /** Its tokens and its signing keys (live: rotation changes them in place). */
  credentials: RegionCredentials;
  /** Its engine: its stores, delivery, workflow runs. */
  messaging: Messaging;
}

type Deps = MessagingDeps & {
  regions: readonly RegionPlan[];
  settings: { messagingRateLimit: number };
};

/**
 * The messaging API as the list of APIs (`apis.ts`) mounts it: one engine per region (one for a
 * single-region emulator), each over its own stores, sharing the clock, the delivery record,
 * the gate on open deliveries and the destination faults; one profile serves them all.
 */
export const messagingApi = {
  name: "messaging",
  areas: [messagingArea, workflowArea, eventArea, urlGroupArea, regionsArea],
  mount(deps: Deps) {
    const shared = {
      record: new DeliveryRecord(deps.limits.keptDeliveries, deps.noticeOnce),
      gate: deliveryGate(deps.options),
      faults: new DestinationFaults(),
    };
    const regions: RegionView[] = deps.regions.map((plan) => {
      const region = { name: plan.name, stores: storesOf(deps.stores, plan), credentials: plan.credentials };
      const messaging = createMessaging(deps, { ...region, shared });
      const { name, prefix, isDefault } = plan;
      return { name, prefix, isDefault, credentials: messaging.engine.credentials, messaging };
    });
    const first = regions.find((region) => region.isDefault) as RegionView;
    const each = (act: (messaging: Messaging) => void) => () => {
      for (const region of regions) act(region.messaging);
    };
    const served = deps.regions.map((plan, index) => {
      const { engine } = (regions[index] as RegionView).messaging;
      return { plan, routes: messagingRoutes(engine), credentials: engine.credentials };
    });
    return {
      profile: messagingProfile({ regions: served, rateLimit: () => deps.settings.messagingRateLimit }),
      start: each((messaging) => messaging.start()),
      stop: each((messaging) => messaging.stop()),
      clockMoved: () => regions.reduce((fired, region) => fired + region.messaging.clockMoved(), 0),
      stateReplaced: each((messaging) => messaging.stateReplaced()),
      levers: {
        delivered: shared.record.entries,
        signingKeys: first.credentials.signingKeys,
        isInFlight: (messageId: string) =>
          regions.some((region) => region.messaging.engine.delivery.isInFlight(messageId)),
        workflows: first.messaging.engine.harness,
        destinationFaults: shared.faults,
        regions,
      },
    };
  },
} as const;

/** A region's stores: the top-level areas, or its own among those kept apart. */
function storesOf(stores: Stores, plan: RegionPlan): RegionalStores {
  if (plan.apart && plan.name !== undefined) {
    const apart = stores.of(regionsArea).get(plan.name);
    if (apart === undefined) throw new Error(`the stores of region ${plan.name} were not opened`);
    return apart;
  }
  return {
    messaging: stores.of(messagingArea),
    workflow: stores.of(workflowArea),
    events: stores.of(eventArea),
    urlGroups: stores.of(urlGroupArea),
  };
}
