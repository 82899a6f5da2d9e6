import type { ApiProfile, RequestFacts, Route } from "../http/api.ts";
import { bearerToken, sameSecret } from "../http/auth.ts";
import { HttpError } from "../http/errors.ts";
import type { RateDecision } from "../http/rate-limit.ts";
import type { Reply } from "../http/reply.ts";
import { createMessaging, type MessagingDeps } from "./engine/messaging-engine.ts";
import { messagingErrors } from "./errors.ts";
import { messagingArea } from "./records/area.ts";
import { eventArea } from "./records/event-store.ts";
import { urlGroupArea } from "./records/url-group-store.ts";
import { workflowArea } from "./records/workflow-area.ts";
import { messagingRoutes } from "./routes/routes.ts";
import { WEBHOOK_PATTERN } from "./routes/webhook-routes.ts";

export interface MessagingProfileParts {
  routes: Route<undefined>[];
  /** Bearer tokens the API accepts. */
  tokens: readonly string[];
  /** Bearer tokens that read only: a route that writes answers 403 to them. */
  readOnlyTokens: readonly string[];
  /** Requests per second it serves before answering 429 (read at each request: a live setting). */
  rateLimit(): number;
}

/** The messaging API: Bearer or `qstash_token` auth, `{error}` bodies, rate-limit headers on answers. */
export function messagingProfile(parts: MessagingProfileParts): ApiProfile<undefined> {
  return {
    name: "messaging",
    emulated: true,
    routes: parts.routes,
    credentialParameter: "qstash_token",
    authenticate: (facts) => requireToken(facts, parts),
    renderError(error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.status, headers: error.headers, json: { error: error.message } };
    },
    rateLimit: () => ({ key: "all", limit: parts.rateLimit() }),
    decorate: (reply, rate) => (rate === undefined ? reply : withRateHeaders(reply, rate)),
  };
}

/** `Authorization: Bearer <token>`, or the `qstash_token` query parameter. */
function requireToken(
  facts: RequestFacts<undefined>,
  { tokens, readOnlyTokens }: Pick<MessagingProfileParts, "tokens" | "readOnlyTokens">,
): undefined {
  // A workflow's webhook URL is called by whoever it was given to, with no token.
  if (facts.route?.pattern === WEBHOOK_PATTERN) return undefined;
  const presented = bearerToken(facts.req) ?? facts.query.get("qstash_token") ?? undefined;
  if (presented === undefined || presented === "") {
    throw messagingErrors.unauthorized("missing token");
  }
  if (tokens.some((token) => sameSecret(token, presented))) return undefined;
  if (!readOnlyTokens.some((token) => sameSecret(token, presented))) {
    throw messagingErrors.unauthorized("invalid token");
  }
  // A path no route serves writes unless it is a GET, as the route table's default has it.
  const writes = facts.route?.writes ?? facts.req.method !== "GET";
  if (writes) throw messagingErrors.readOnlyToken(facts.req.method ?? "", facts.route?.pattern ?? facts.path);
  return undefined;
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

/** The messaging API as the list of APIs (`apis.ts`) mounts it: its engine runs beside the server. */
export const messagingApi = {
  name: "messaging",
  areas: [messagingArea, workflowArea, eventArea, urlGroupArea],
  mount(
    deps: MessagingDeps & {
      tokens: readonly string[];
      readOnlyTokens: readonly string[];
      settings: { messagingRateLimit: number };
    },
  ) {
    const messaging = createMessaging(deps);
    const { engine } = messaging;
    return {
      profile: messagingProfile({
        routes: messagingRoutes(engine),
        tokens: deps.tokens,
        readOnlyTokens: deps.readOnlyTokens,
        rateLimit: () => deps.settings.messagingRateLimit,
      }),
      start: messaging.start,
      stop: messaging.stop,
      clockMoved: messaging.clockMoved,
      stateReplaced: messaging.stateReplaced,
      levers: {
        delivered: messaging.delivered,
        signingKeys: engine.signingKeys,
        isInFlight: (messageId: string) => engine.delivery.isInFlight(messageId),
        workflows: engine.harness,
        destinationFaults: engine.faults,
        byHand: engine.byHand,
      },
    };
  },
} as const;
