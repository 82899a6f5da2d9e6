import { ConfigurationError } from "../errors/index.ts";
import { builtin } from "../lib/builtin.ts";

// node:net only for an http: URL's host, not with the module: most runs give an https: URL or
// none, and a step refused before any request should not load the network stack (bench S4).
const isIP = (host: string): number => builtin("node:net").isIP(host);

/**
 * The base URL policy: `https:` only, except loopback hosts (127.0.0.0/8, ::1, `localhost`),
 * which may use `http:` (the emulator, local tunnels). Only literal loopback addresses and the
 * name `localhost` itself count: a name such as `api.localhost` is resolved through DNS by Node
 * and could lead anywhere, so credentials would travel in clear text. User info, a query or a fragment is
 * refused: credentials have their own inputs, and a query string would end up in logs.
 * The refused value is never echoed whole, since it may carry a password.
 */
export function parseBaseUrl(value: string, input: string): URL {
  const trimmed = value.trim();
  if (trimmed === "" || !URL.canParse(trimmed)) {
    throw new ConfigurationError(input, `${input} must be an absolute URL such as https://api.example.com`);
  }
  const url = new URL(trimmed);
  if (url.username !== "" || url.password !== "") {
    throw new ConfigurationError(
      input,
      `${input} must not contain user info (user:password@); pass credentials through their own inputs`,
    );
  }
  if (url.search !== "" || trimmed.includes("?")) {
    throw new ConfigurationError(input, `${input} must not contain a query string`);
  }
  if (url.hash !== "" || trimmed.includes("#")) {
    throw new ConfigurationError(input, `${input} must not contain a fragment (#\u2026)`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      input,
      `${input} must use https:// (http:// is accepted only for loopback hosts: localhost, 127.0.0.0/8, [::1]); got http://${url.host}`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigurationError(input, `${input} must use https://; got ${url.protocol}//`);
  }
  return url;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1" || host === "0:0:0:0:0:0:0:1";
  return false;
}

/** Origin plus any path prefix, without a trailing slash: what request paths are appended to. */
export function baseUrlString(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
