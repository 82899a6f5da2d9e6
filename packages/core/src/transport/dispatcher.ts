import type { Dispatcher } from "undici";
import type { ExchangeFunction, UndiciDispatcher } from "./exchange.ts";
import { fetchExchange } from "./fetch-exchange.ts";
import { nodeHttpExchange } from "./node-http.ts";

export type { UndiciDispatcher } from "./exchange.ts";

export type Environment = Record<string, string | undefined>;

/**
 * How the API's requests go out (`exchange`), and a fetch with, when it needs one, the undici
 * dispatcher it sends through, for other requests (GitHub's API).
 */
export interface HttpStack {
  exchange: ExchangeFunction;
  fetch: typeof globalThis.fetch;
  dispatcher: UndiciDispatcher | undefined;
  /** The host (and port) of the proxy a request to `url` would go through; never its user info. */
  proxyFor(url: string): string | undefined;
}

/**
 * How requests go out. Without a proxy or an injected dispatcher: the API's through node:http
 * and node:https (`node-http.ts`: they load in a fraction of fetch's time), and Node's own fetch
 * for the rest. With
 * `HTTPS_PROXY`/`HTTP_PROXY` (self-hosted runners) or a dispatcher passed in (tests), the undici
 * package is loaded on first use and its fetch is paired with the dispatcher, so both always
 * come from the same undici. The proxy URL may hold credentials: it is never logged.
 */
export function httpStackFor(
  env: Environment,
  injected: UndiciDispatcher | undefined,
): () => Promise<HttpStack> {
  const httpsProxy = env["HTTPS_PROXY"] ?? env["https_proxy"];
  const httpProxy = env["HTTP_PROXY"] ?? env["http_proxy"];
  const noProxy = env["NO_PROXY"] ?? env["no_proxy"] ?? "";
  if (!injected && !httpsProxy && !httpProxy) {
    const builtIn: HttpStack = {
      exchange: nodeHttpExchange,
      fetch: globalThis.fetch,
      dispatcher: undefined,
      proxyFor: () => undefined,
    };
    return async () => builtIn;
  }
  const proxyFor = (url: string) => {
    const proxy = url.startsWith("https:") ? (httpsProxy ?? httpProxy) : httpProxy;
    return proxy && URL.canParse(proxy) ? new URL(proxy).host : undefined;
  };
  let stack: Promise<HttpStack> | undefined;
  return () => {
    stack ??= import("undici").then((undici) => {
      const options: ConstructorParameters<typeof undici.EnvHttpProxyAgent>[0] = { noProxy };
      if (httpProxy) options.httpProxy = httpProxy;
      if (httpsProxy) options.httpsProxy = httpsProxy;
      const dispatcher =
        injected ?? proxyAgent(undici, JSON.stringify([httpProxy, httpsProxy, noProxy]), options);
      const fetch = undici.fetch as unknown as typeof globalThis.fetch;
      return { exchange: fetchExchange(fetch, dispatcher), fetch, dispatcher, proxyFor };
    });
    return stack;
  };
}

const proxyAgents = new Map<string, Dispatcher>();

/** One proxy agent per proxy configuration in the process, so connections are reused. */
function proxyAgent(
  undici: typeof import("undici"),
  key: string,
  options: ConstructorParameters<typeof import("undici").EnvHttpProxyAgent>[0],
): Dispatcher {
  let agent = proxyAgents.get(key);
  if (!agent) {
    agent = new undici.EnvHttpProxyAgent(options);
    proxyAgents.set(key, agent);
  }
  return agent;
}

/**
 * Closes every proxy agent this process opened, dropping their sockets at once: a proxy that
 * accepted a connection and never answers would otherwise keep the process alive. For a CI step
 * that has ended (action-kit calls it after the failure line); a client used afterwards opens new ones.
 */
export async function destroyProxyAgents(): Promise<void> {
  const agents = [...proxyAgents.values()];
  proxyAgents.clear();
  await Promise.allSettled(agents.map((agent) => agent.destroy()));
}
