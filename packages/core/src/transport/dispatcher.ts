import { Agent, type Dispatcher, EnvHttpProxyAgent } from "undici";

export type Environment = Record<string, string | undefined>;

let sharedAgent: Agent | undefined;
const proxyAgents = new Map<string, Dispatcher>();

/**
 * The dispatcher for a client: one keep-alive pool per origin, shared by every client in the
 * process; or, when `HTTPS_PROXY`/`HTTP_PROXY` is set (self-hosted runners), a proxy agent
 * that honours `NO_PROXY`. The proxy URL may hold credentials: it is never logged.
 */
export function dispatcherFor(env: Environment): Dispatcher {
  const httpsProxy = env["HTTPS_PROXY"] ?? env["https_proxy"];
  const httpProxy = env["HTTP_PROXY"] ?? env["http_proxy"];
  const noProxy = env["NO_PROXY"] ?? env["no_proxy"];
  if (!httpsProxy && !httpProxy) {
    sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, connections: 32 });
    return sharedAgent;
  }
  const key = JSON.stringify([httpProxy, httpsProxy, noProxy]);
  let agent = proxyAgents.get(key);
  if (!agent) {
    const options: EnvHttpProxyAgent.Options = { noProxy: noProxy ?? "" };
    if (httpProxy) options.httpProxy = httpProxy;
    if (httpsProxy) options.httpsProxy = httpsProxy;
    agent = new EnvHttpProxyAgent(options);
    proxyAgents.set(key, agent);
  }
  return agent;
}

/** Whether a proxy is configured, for a debug line (never the proxy's URL). */
export function proxyConfigured(env: Environment): boolean {
  return Boolean(env["HTTPS_PROXY"] ?? env["https_proxy"] ?? env["HTTP_PROXY"] ?? env["http_proxy"]);
}
