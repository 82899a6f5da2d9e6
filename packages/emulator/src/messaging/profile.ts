import type { ApiProfile, RequestFacts } from "../http/api.ts";
import { bearerToken, sameSecret } from "../http/auth.ts";
import type { RateDecision } from "../http/rate-limit.ts";
import { HttpError, type Reply } from "../http/reply.ts";
import type { Messaging } from "./engine.ts";
import { eventArea } from "./events/store.ts";
import { messagingRoutes } from "./routes.ts";
import { messagingArea } from "./store.ts";
import { urlGroupArea } from "./url-groups/store.ts";
import { workflowArea } from "./workflow/store.ts";

export interface MessagingProfileParts {
  engine: Messaging;
  /** Bearer tokens the API accepts. */
  tokens: readonly string[];
  /** Requests per second it serves before answering 429 (read at each request: a live setting). */
  rateLimit(): number;
}

/** The messaging API: Bearer or `qstash_token` auth, `{error}` bodies, rate-limit headers on answers. */
export function messagingProfile(parts: MessagingProfileParts): ApiProfile<undefined> {
  return {
    name: "messaging",
    emulated: true,
    routes: messagingRoutes(parts.engine),
    credentialParameter: "qstash_token",
    authenticate: (facts) => requireToken(facts, parts.tokens),
    renderError(error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.status, headers: error.headers, json: { error: error.message } };
    },
    rateLimit: () => ({ key: "all", limit: parts.rateLimit() }),
    decorate: (reply, rate) => (rate === undefined ? reply : withRateHeaders(reply, rate)),
  };
}

/** `Authorization: Bearer <token>`, or the `qstash_token` query parameter. */
function requireToken(facts: RequestFacts<undefined>, tokens: readonly string[]): undefined {
  const presented = bearerToken(facts.req) ?? facts.query.get("qstash_token") ?? undefined;
  if (presented === undefined || presented === "") {
    throw new HttpError(401, "Unauthorized: missing token");
  }
  if (!tokens.some((token) => sameSecret(token, presented))) {
    throw new HttpError(401, "Unauthorized: invalid token");
  }
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

/** The messaging API as the list of APIs (`apis.ts`) mounts it. */
export const messagingApi = {
  name: "messaging",
  areas: [messagingArea, workflowArea, eventArea, urlGroupArea],
  mount: (deps: {
    messaging: Messaging;
    tokens: readonly string[];
    settings: { messagingRateLimit: number };
  }) =>
    messagingProfile({
      engine: deps.messaging,
      tokens: deps.tokens,
      rateLimit: () => deps.settings.messagingRateLimit,
    }),
} as const;
