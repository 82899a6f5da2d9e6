import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { RouteResolver } from "../api-routes.ts";
import { CONTROL_PREFIX } from "../control/control-routes.ts";
import { applyFault } from "../faults/apply.ts";
import { type FaultScript, faultPhase } from "../faults/fault.ts";
import type { RequestLogEntry, RequestTally } from "../request-log.ts";
import type { Api } from "../routes.ts";
import type { EmulatorSettings } from "../settings.ts";
import { type Account, redactedAuthorization, requireBasic, requireBearer } from "./auth.ts";
import { errorReply } from "./error-reply.ts";
import { messagingRateHeaders, type RateDecision, type RateLimiter } from "./rate-limit.ts";
import { HttpError, type Reply, readBody, send } from "./reply.ts";

/** Answers a request under the control prefix; `path` is what follows the prefix. */
export type ControlHandler = (req: IncomingMessage, path: string) => Promise<Reply>;

export interface DispatchParts {
  resolve: RouteResolver;
  control: ControlHandler;
  settings: EmulatorSettings;
  faults: FaultScript;
  requests: RequestLogEntry[];
  tally: RequestTally;
  limiter: RateLimiter;
  tokens: readonly string[];
  accounts: readonly Account[];
  /** Responses a `hang` fault keeps open; the server destroys them when it stops. */
  hung: Set<ServerResponse>;
}

/**
 * Turns one HTTP request into one answer: control requests go straight to the control API;
 * API requests are logged, rate limited, delayed, authenticated, handled and possibly
 * rewritten by a scripted fault, in that order.
 */
export function createDispatcher(parts: DispatchParts) {
  const { resolve, control, settings, faults, requests, tally, limiter, tokens, accounts, hung } = parts;

  return async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? "/";
    const queryStart = rawUrl.indexOf("?");
    const path = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
    const query = new URLSearchParams(queryStart < 0 ? "" : rawUrl.slice(queryStart + 1));
    const method = req.method ?? "GET";

    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
      send(res, await control(req, path.slice(CONTROL_PREFIX.length)));
      return;
    }

    const entry: RequestLogEntry = {
      method,
      path,
      route: null,
      status: 0,
      authorization: redactedAuthorization(req, query),
      at: Date.now(),
    };
    requests.push(entry);

    const resolved = resolve(method, path);
    if ("unrouted" in resolved) {
      const status = resolved.unrouted;
      entry.status = status;
      tally.record(null, false);
      send(res, { status, json: { error: status === 404 ? "not found" : "method not allowed" } });
      return;
    }
    const { route, params, pattern } = resolved;
    entry.route = pattern;

    const rate = limiter.take(route.api, rateLimitOf(route.api, settings));
    tally.record(route.api, rate?.allowed === false);

    const delay = settings.latencyMs + Math.random() * settings.jitterMs;
    if (delay > 0) await sleep(delay);

    if (rate?.allowed === false) {
      entry.rateLimited = true;
      const limited = rateLimitedReply(route.api, rate, settings);
      entry.status = limited.status;
      send(res, limited);
      return;
    }

    const fault = pattern === null ? undefined : faults.next(pattern);
    const runFaultFirst = fault !== undefined && faultPhase(fault) === "before";
    let reply: Reply | undefined;
    if (!runFaultFirst) {
      try {
        const rawBody = await readBody(req);
        const account = route.api === "management" ? requireBasic(req, accounts) : undefined;
        if (route.api === "messaging") requireBearer(req, query, tokens);
        reply = await route.handle({ req, params, query, rawBody, account });
      } catch (error) {
        reply = errorReply(route.api, error, settings.managementErrorStyle);
      }
    }
    if (fault) {
      const outcome = applyFault(fault, reply);
      if ("socket" in outcome) {
        entry.status = outcome.socket;
        if (outcome.socket === "reset") req.socket.destroy();
        else hung.add(res);
        return;
      }
      reply = outcome.reply;
    }
    const final = withRateHeaders(reply as Reply, route.api, rate);
    entry.status = final.status;
    send(res, final);
  };
}

function rateLimitOf(api: Api, settings: EmulatorSettings): number {
  return api === "messaging" ? settings.messagingRateLimit : settings.managementRateLimit;
}

function rateLimitedReply(api: Api, rate: RateDecision, settings: EmulatorSettings): Reply {
  const error = new HttpError(429, `too many requests: this API serves ${rate.limit} per second`, {
    "retry-after": String(rate.retryAfterSeconds),
  });
  return withRateHeaders(errorReply(api, error, settings.managementErrorStyle), api, rate);
}

/** Messaging answers carry the rate-limit headers whenever a limit is set; a fault's own headers win. */
function withRateHeaders(reply: Reply, api: Api, rate: RateDecision | undefined): Reply {
  if (api !== "messaging" || rate === undefined) return reply;
  return { ...reply, headers: { ...messagingRateHeaders(rate), ...reply.headers } };
}
