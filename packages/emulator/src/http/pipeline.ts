import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { ApiProfile, RequestFacts, Route } from "./api.ts";
import { redactedAuthorization } from "./auth.ts";
import { type HttpError, httpErrors } from "./errors.ts";
import type { RateDecision, RateLimiter } from "./rate-limit.ts";
import { type Reply, readBody, send } from "./reply.ts";
import { appendBounded, type RequestLogEntry, type RequestTally } from "./request-log.ts";
import { Router } from "./router.ts";
import { type SitePolicy, siteRefusal } from "./site-guard.ts";

/** A scripted fault taken off the script for one request. */
export interface PendingFault {
  /** True when it answers instead of the handler; false when it rewrites the handler's answer. */
  replacesHandler: boolean;
  apply(real: Reply | undefined): { reply: Reply } | { socket: "reset" | "hang" };
}

export interface PipelineParts {
  /** Every mounted API, the emulator's control API included. */
  apis: readonly ApiProfile<unknown>[];
  /** The delay before an emulated API's request is handled (the latency and jitter settings). */
  delayMs(): number;
  /** The next scripted fault for a route key such as `POST /v2/search`. */
  nextFault(route: string): PendingFault | undefined;
  requests: RequestLogEntry[];
  /** The most entries `requests` keeps; older ones are dropped so a long run's memory stays flat. */
  requestLogLimit: number;
  tally: RequestTally;
  limiter: RateLimiter;
  /**
   * Runs a handler as one unit of work: its changes stay when it returns and `keep` accepts its
   * answer, none when it throws or `keep` refuses (an answer of 400 or more).
   */
  unit<T>(work: () => T, keep: (result: T) => boolean): T;
  /** Writes every store area's state; called once after a handler of a route that wrote. */
  commit(): void;
  /** Responses a `hang` fault keeps open; the server destroys them when it stops. */
  hung: Set<ServerResponse>;
  /** Which Host values and browser origins any route answers (DNS rebinding, cross-site pages). */
  site: SitePolicy;
  /** The emulator's clock (ms), for the request log's times. */
  now(): number;
}

interface Target {
  profile: ApiProfile<unknown>;
  route: Route<unknown> | undefined;
  params: Record<string, string>;
  /** The route key (`POST /v2/search`) that faults and the request log use; `null` for an unknown path. */
  pattern: string | null;
  unrouted?: 404 | 405;
}

/**
 * Turns one HTTP request into one answer, the same way for every API: log → rate limit →
 * latency → auth → handler → commit → fault. Each API's profile says how it authenticates,
 * words errors and limits requests; this file knows no API by name.
 */
export function createPipeline(parts: PipelineParts) {
  const pipeline = new Pipeline(parts);
  return (req: IncomingMessage, res: ServerResponse): Promise<void> => pipeline.dispatch(req, res);
}

class Pipeline {
  readonly #parts: PipelineParts;
  readonly #router = new Router<{ profile: ApiProfile<unknown>; route: Route<unknown> }>();
  readonly #credentialParameters: readonly string[];

  constructor(parts: PipelineParts) {
    this.#parts = parts;
    for (const profile of parts.apis) {
      for (const route of profile.routes) this.#router.add(route.method, route.pattern, { profile, route });
    }
    this.#credentialParameters = parts.apis.flatMap((profile) => profile.credentialParameter ?? []);
  }

  async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? "/";
    const queryStart = rawUrl.indexOf("?");
    const path = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
    const query = new URLSearchParams(queryStart < 0 ? "" : rawUrl.slice(queryStart + 1));
    const method = req.method ?? "GET";
    const target = this.#resolve(method, path);
    const entry: RequestLogEntry = {
      method,
      path,
      route: "pattern" in target ? target.pattern : null,
      status: 0,
      authorization: redactedAuthorization(req, query, this.#credentialParameters),
      at: this.#parts.now(),
    };
    // The emulator's own APIs (control, inspector) apply the control access rule instead, which is
    // stricter about origins and waives the Host check only for holders of the control token.
    const ownRule = "profile" in target && !target.profile.emulated;
    const refusal = ownRule ? undefined : siteRefusal(req, this.#parts.site);
    if (refusal !== undefined) {
      this.#refuse(target, entry, res, refusal);
      return;
    }
    if (!("profile" in target)) {
      // A path no API owns: logged and counted, answered in no API's words.
      this.#log(entry);
      this.#parts.tally.record(null, false);
      const error = httpErrors.unrouted(target.unrouted);
      entry.status = error.status;
      send(res, { status: error.status, json: { error: error.message } });
      return;
    }
    if (target.profile.emulated) this.#log(entry);
    const facts: RequestFacts<unknown> = { req, path, query, params: target.params, route: target.route };
    await this.#answer(target, facts, entry, res);
  }

  /** Appends to the request log, which keeps the newest `requestLogLimit` entries. */
  #log(entry: RequestLogEntry): void {
    appendBounded(this.#parts.requests, entry, this.#parts.requestLogLimit);
  }

  /** Refused before any API sees it, then worded by the API that owns the path (if any). */
  #refuse(
    target: Target | { unrouted: 404 | 405 },
    entry: RequestLogEntry,
    res: ServerResponse,
    reason: string,
  ) {
    const profile = "profile" in target ? target.profile : undefined;
    if (profile === undefined || profile.emulated) {
      this.#log(entry);
      this.#parts.tally.record(profile?.name ?? null, false);
    }
    const error = httpErrors.forbiddenSite(reason);
    const reply = profile
      ? profile.renderError(error)
      : { status: error.status, json: { error: error.message } };
    entry.status = reply.status;
    send(res, reply);
  }

  #resolve(method: string, path: string): Target | { unrouted: 404 | 405 } {
    const match = this.#router.match(method, path);
    if (match !== undefined && match !== "method-not-allowed") {
      return { ...match.route, params: match.params, pattern: match.pattern };
    }
    const status = match === undefined ? 404 : 405;
    const owner = this.#parts.apis.find((profile) => profile.ownsPath?.(path));
    // An unknown path of an API still asks for that API's credentials first, then answers in its words.
    if (owner) return { profile: owner, route: undefined, params: {}, pattern: null, unrouted: status };
    return { unrouted: status };
  }

  async #answer(target: Target, facts: RequestFacts<unknown>, entry: RequestLogEntry, res: ServerResponse) {
    const { profile } = target;
    const parts = this.#parts;
    const rule = profile.rateLimit?.(facts);
    const rate = rule ? parts.limiter.take(`${profile.name} ${rule.key}`, rule.limit) : undefined;
    const refused = rate?.allowed === false;
    if (profile.emulated) {
      parts.tally.record(profile.name, refused);
      const delay = parts.delayMs();
      if (delay > 0) await sleep(delay);
    }
    if (refused) {
      entry.rateLimited = true;
      const limited = decorated(profile, profile.renderError(httpErrors.tooManyRequests(rate)), rate);
      entry.status = limited.status;
      send(res, limited);
      return;
    }
    const fault = profile.emulated && target.pattern !== null ? parts.nextFault(target.pattern) : undefined;
    let reply = fault?.replacesHandler ? undefined : await this.#handled(target, facts);
    if (fault) {
      const outcome = fault.apply(reply);
      if ("socket" in outcome) {
        entry.status = outcome.socket;
        if (outcome.socket === "reset") facts.req.socket.destroy();
        else parts.hung.add(res);
        return;
      }
      reply = outcome.reply;
    }
    const final = decorated(profile, reply as Reply, rate);
    entry.status = final.status;
    send(res, final);
  }

  /**
   * Auth, then the handler as one unit of work: what it changed stays only when it answers below
   * 400. A route that writes is committed once, before anything is sent.
   */
  async #handled(target: Target, facts: RequestFacts<unknown>): Promise<Reply> {
    const { profile, route } = target;
    let ran = false;
    let reply: Reply;
    try {
      const principal = profile.authenticate(facts);
      const rawBody = await readBody(facts.req, route?.bodyLimit);
      if (route === undefined) throw unroutedError(profile, facts, target.unrouted ?? 404);
      ran = true;
      const unit = <T extends Reply | Promise<Reply>>(work: () => T): T => this.#parts.unit(work, kept);
      reply = await unit(() => route.handle({ ...facts, rawBody, principal, unit }));
    } catch (error) {
      reply = profile.renderError(error);
    }
    if (ran && route?.writes && reply.status < 400) this.#parts.commit();
    return reply;
  }
}

/**
 * A unit of a request is kept when it answers below 400. A handler that awaits hands back a
 * promise: what it did before its first await is kept, and it does its later changes in
 * `context.unit` (management's create, after its delay).
 */
function kept(result: Reply | Promise<Reply>): boolean {
  return result instanceof Promise || result.status < 400;
}

function unroutedError(
  profile: ApiProfile<unknown>,
  facts: RequestFacts<unknown>,
  status: 404 | 405,
): HttpError {
  const method = facts.req.method ?? "GET";
  if (profile.unrouted) return profile.unrouted(method, facts.path, status);
  return httpErrors.unrouted(status);
}

/** What the API adds to its answers; the answer's own headers (a fault's) win. */
function decorated(profile: ApiProfile<unknown>, reply: Reply, rate: RateDecision | undefined): Reply {
  return profile.decorate ? profile.decorate(reply, rate) : reply;
}
