import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/**
 * Who may reach any route, before any API looks at the request. A browser is a confused deputy:
 * a page from another site can post forms and make simple requests to loopback, and a DNS name
 * it controls can be re-pointed at 127.0.0.1 (rebinding). Both are told apart from the SDKs,
 * curl and tests (which send neither `Origin` nor `Sec-Fetch-Site`, and name the host they dial).
 */
export interface SitePolicy {
  /** The address the server was asked to bind; a Host naming it is accepted. */
  boundHost: string;
  /** More Host names to accept (a compose service name, a tunnel); `*` accepts any Host. */
  allowedHosts: readonly string[];
  /** Browser origins allowed to call the emulator from their pages, e.g. `http://localhost:3000`. */
  allowedOrigins: readonly string[];
}

/** Why the request is refused (answered 403 in the API's words), or `undefined` to go on. */
export function siteRefusal(req: IncomingMessage, policy: SitePolicy): string | undefined {
  const host = req.headers.host;
  if (!hostAccepted(host, policy)) {
    return "the emulator answers only a Host of localhost, an IP address, the bound address or an allowed host";
  }
  const origin = req.headers.origin;
  if (origin !== undefined && policy.allowedOrigins.includes(origin)) return undefined;
  if (fromOtherSite(single(req.headers["sec-fetch-site"]))) {
    return "the emulator refuses requests from other sites' pages (allow an origin to permit one)";
  }
  if (origin !== undefined && origin !== `http://${host ?? ""}`) {
    return "the emulator refuses cross-origin requests (allow an origin to permit one)";
  }
  return undefined;
}

function hostAccepted(host: string | undefined, policy: SitePolicy): boolean {
  if (policy.allowedHosts.includes("*")) return true;
  const hostname = hostnameOf(host);
  if (hostname === undefined) return false;
  // An address typed as digits cannot be rebound: only names resolve through an attacker's DNS.
  if (isIP(hostname.replace(/^\[|\]$/g, "")) !== 0) return true;
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  if (hostname === policy.boundHost.toLowerCase()) return true;
  return policy.allowedHosts.some((allowed) => allowed.toLowerCase() === hostname);
}

/** The name or address a Host header names, lower-cased, without its port; `undefined` if unparsable. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser said the request comes from another site's page (`Sec-Fetch-Site`, sent even
 * on the cross-site GETs that carry no Origin); tools send no such header.
 */
export function fromOtherSite(fetchSite: string | undefined): boolean {
  return fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
