import { sameSecret } from "../http/auth.ts";
import { fromOtherSite, hostnameOf } from "../http/site-guard.ts";

/** The header that carries the control token, when one is set. */
export const CONTROL_TOKEN_HEADER = "x-stashkit-control-token";

export interface ControlAccessPolicy {
  /** When set, every control request must carry it; peer and Host are then not checked. */
  token: string | undefined;
  /** The address the server was asked to bind; a Host naming it is accepted too. */
  boundHost: string;
}

/** What the check reads from a request: plain values, so it can be tested without sockets. */
export interface ControlRequestFacts {
  peerAddress: string | undefined;
  host: string | undefined;
  origin: string | undefined;
  /** The `Sec-Fetch-Site` header browsers send, even on the cross-site GETs that carry no Origin. */
  fetchSite: string | undefined;
  token: string | undefined;
}

export interface ControlRefusal {
  status: 401 | 403;
  reason: string;
}

const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]"]);

/**
 * The control API can read every index token and rewrite every setting, so it answers
 * only those who could just as well read the emulator's memory: processes on the same
 * machine (loopback peer, a loopback or bound Host, so DNS rebinding fails) or holders of
 * the control token. Browsers are kept out whatever the address: a page from another
 * origin must not drive the emulator through the user's browser.
 */
export function controlRefusal(
  facts: ControlRequestFacts,
  policy: ControlAccessPolicy,
): ControlRefusal | undefined {
  if (fromOtherSite(facts.fetchSite)) {
    return { status: 403, reason: "the control API refuses requests from other sites' pages" };
  }
  if (facts.origin !== undefined && facts.origin !== `http://${facts.host ?? ""}`) {
    return { status: 403, reason: "the control API refuses cross-origin requests" };
  }
  if (policy.token !== undefined) {
    if (facts.token === undefined || !sameSecret(policy.token, facts.token)) {
      return {
        status: 401,
        reason: `the control API needs the control token in the ${CONTROL_TOKEN_HEADER} header`,
      };
    }
    return undefined;
  }
  if (!isLoopbackAddress(facts.peerAddress)) {
    return {
      status: 403,
      // Said to a browser on the host of a container too: its request through the published port
      // comes from the container network's gateway, not loopback. So: what to set, and where.
      reason:
        "the control API and the inspector answer loopback clients only (through a container's published port or from another machine, a request is not one): start the emulator with --control-token T (STASHKIT_CONTROL_TOKEN in its container) and send T in the x-stashkit-control-token header; the inspector page asks for it",
    };
  }
  if (!hostAllowed(facts.host, policy.boundHost)) {
    return {
      status: 403,
      reason: "the control API answers only a Host of localhost, a loopback address or the bound address",
    };
  }
  return undefined;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function hostAllowed(host: string | undefined, boundHost: string): boolean {
  const hostname = hostnameOf(host);
  if (hostname === undefined) return false;
  if (hostname === "localhost" || hostname === "[::1]" || isLoopbackAddress(hostname)) return true;
  const bound = boundHost.includes(":") && !boundHost.startsWith("[") ? `[${boundHost}]` : boundHost;
  return !WILDCARD_HOSTS.has(boundHost) && hostname === bound.toLowerCase();
}
