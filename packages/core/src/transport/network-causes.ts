const TIMED_OUT = {
  phase: "connect",
  why: "connecting timed out (a firewall dropping packets, or the host is down)",
} as const;
const PROXY_CA = "behind a proxy that inspects TLS, set NODE_EXTRA_CA_CERTS to its CA";

/**
 * What a failed connection's stable code (undici's or Node's, on the error or a cause) means, in
 * words a person can act on, and whether it failed before anything was sent (`connect`) or after
 * (`lost`). A code not listed is reported as it is.
 */
const CAUSES: Record<string, { phase: "connect" | "lost"; why: string }> = {
  ENOTFOUND: { phase: "connect", why: "the host name does not resolve (DNS): check the URL's host" },
  EAI_AGAIN: { phase: "connect", why: "the host name could not be resolved just now (DNS lookup failed)" },
  ECONNREFUSED: {
    phase: "connect",
    why: "the connection was refused: nothing listens on that port (is it running, on that port?)",
  },
  EHOSTUNREACH: { phase: "connect", why: "no route to the host (a firewall, a VPN, or the host is down)" },
  ENETUNREACH: { phase: "connect", why: "the network is unreachable (offline, or no route to it)" },
  ETIMEDOUT: TIMED_OUT,
  UND_ERR_CONNECT_TIMEOUT: TIMED_OUT,
  EACCES: { phase: "connect", why: "the connection was not permitted by this machine" },
  ECONNRESET: { phase: "lost", why: "the other end reset the connection" },
  EPIPE: { phase: "lost", why: "the other end closed the connection while the request was sent" },
  UND_ERR_SOCKET: { phase: "lost", why: "the other end closed the connection before answering" },
  ERR_TLS_CERT_ALTNAME_INVALID: {
    phase: "connect",
    why: "its TLS certificate is for another host name",
  },
  CERT_HAS_EXPIRED: { phase: "connect", why: "its TLS certificate has expired" },
  DEPTH_ZERO_SELF_SIGNED_CERT: {
    phase: "connect",
    why: `its TLS certificate is self-signed (${PROXY_CA})`,
  },
  SELF_SIGNED_CERT_IN_CHAIN: {
    phase: "connect",
    why: `its TLS certificate chain holds an untrusted self-signed CA (${PROXY_CA})`,
  },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
    phase: "connect",
    why: "its TLS certificate could not be verified (a private CA? set NODE_EXTRA_CA_CERTS to it)",
  },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: {
    phase: "connect",
    why: "its TLS certificate's issuer is not trusted here (a private CA? set NODE_EXTRA_CA_CERTS to it)",
  },
  EPROTO: { phase: "connect", why: "the TLS handshake failed (is it an http:// address given as https://?)" },
};

/** The stable code of a network failure: undici and Node put it on the error or on a cause. */
export function networkErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    // Node's connection to every address of a host (IPv6 and IPv4) fails with an AggregateError.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.length > 0) current = inner[0];
    else current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * "could not connect to api.example.com: the host name does not resolve (DNS): … (ENOTFOUND)",
 * "lost the connection to …", or "the request to … failed: <fallback>" for a code not listed:
 * where (the host and port alone, never a path, a query string or credentials) and why.
 * `fallback` is said when the code is unknown or missing (the error's own message, redacted).
 */
export function describeNetworkFailure(host: string, code: string | undefined, fallback: string): string {
  const cause = code === undefined ? undefined : CAUSES[code];
  const tag = code === undefined ? "" : ` (${code})`;
  if (cause === undefined) return `the request to ${host} failed: ${fallback}${tag}`;
  const where = cause.phase === "connect" ? `could not connect to ${host}` : `lost the connection to ${host}`;
  return `${where}: ${cause.why}${tag}`;
}

/** The host and port of a URL, for a message: no credentials, no path, no query string. */
export function hostOf(url: string | URL): string {
  try {
    return new URL(url).host;
  } catch {
    return "the server";
  }
}
