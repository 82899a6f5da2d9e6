import { ConfigurationError } from "../errors/index.ts";
import { isSecretName } from "./secret-names.ts";

// Which recorded headers of a message are secrets. A recorded message (a DLQ entry, a message
// read from the account) carries the headers its publisher forwarded to the destination: an
// app's shared secret, a user's cookie, a partner's API key. Replay and `dlq export` keep them
// out of everything they write unless the caller names them (`--keep-headers`).

/** Always secret, whatever the value: credentials by definition. */
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

/** Never secret: what a body is, not who may send it. */
const PLAIN_HEADERS = new Set(["content-type", "content-encoding", "content-language"]);

/** A credential scheme before the value: `Bearer abc`, `Basic …`, `AWS4-HMAC-SHA256 Credential=…`. */
const AUTH_SCHEME = /^(?:bearer|basic|token|digest|api-?key|hmac|aws4-hmac-sha256|negotiate|ntlm)\s+\S/i;
const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]*/;
/** Prefixes that well-known services give their keys (Stripe, OpenAI, GitHub, Slack, AWS, Google). */
const KEY_PREFIX =
  /(?:^|[^\w])(?:[spr]k_(?:live|test)_\w{8,}|sk-[\w-]{16,}|gh[pousr]_\w{20,}|github_pat_\w{20,}|xox[abprs]-[\w-]{10,}|AKIA[0-9A-Z]{16}|AIza[\w-]{30,})/;
/** Credentials inside a URL: `https://user:password@host`. */
const URL_USERINFO = /\/\/[^/\s:@]{1,200}:[^/\s@]{1,200}@/;
/** `token=…`, `"password": …` inside a value. */
const SECRET_PAIR_IN_VALUE = /(?:token|secret|password|passwd|api[-_]?key|session)\s{0,4}[:=]/i;
/** One opaque word of key characters, long enough to be a key rather than a name or a date. */
const OPAQUE = /^[A-Za-z0-9+/=_\-.~:]{20,}$/;

/** Bits per character of `text`: random keys score high, words and dates low. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/** Whether a header value looks like a credential, whatever its name (`X-Partner: sk_live_…`). */
export function looksSecret(value: string): boolean {
  const text = value.trim();
  if (AUTH_SCHEME.test(text) || JWT.test(text) || KEY_PREFIX.test(text)) return true;
  if (URL_USERINFO.test(text) || SECRET_PAIR_IN_VALUE.test(text)) return true;
  return OPAQUE.test(text) && /[A-Za-z]/.test(text) && /\d/.test(text) && entropy(text) >= 3.2;
}

/** Whether a recorded header is a secret: by its name (core's redaction rule, plus cookies) or its value. */
export function isSecretHeader(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  // A header forwarded by the publisher (`Upstash-Forward-X-Key`) is judged by its own name.
  const own = lower.startsWith("upstash-forward-") ? lower.slice("upstash-forward-".length) : lower;
  if (PLAIN_HEADERS.has(own)) return false;
  if (SECRET_HEADERS.has(own) || isSecretName(own)) return true;
  // The workflow protocol's own headers (`Upstash-Workflow-Sdk-Version`) are never credentials.
  return !own.startsWith("upstash-") && looksSecret(value);
}

export interface WithheldHeaders {
  /** The headers to write and send: the secrets left out. */
  headers: Record<string, string>;
  /** The names of the headers left out, as recorded, sorted. */
  withheld: string[];
}

/**
 * The headers without their secrets, except those `keep` names (lower-case): what replay sends
 * and `dlq export` writes. The names left out are returned so that the caller can say which.
 */
export function withholdSecretHeaders(
  headers: Readonly<Record<string, string>>,
  keep: ReadonlySet<string>,
): WithheldHeaders {
  const kept: Record<string, string> = {};
  const withheld: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!keep.has(name.toLowerCase()) && isSecretHeader(name, value)) withheld.push(name);
    else kept[name] = value;
  }
  return { headers: kept, withheld: withheld.sort() };
}

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters HTTP cannot carry in a value
const UNSENDABLE_VALUE = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** Whether HTTP can carry the header: a token for a name, no CR, LF, NUL or other control character in the value. */
export function isSendableHeader(name: string, value: string): boolean {
  return HEADER_NAME.test(name) && !UNSENDABLE_VALUE.test(value);
}

/**
 * The header names of a list such as `--keep-headers Authorization,X-Partner` (each value may
 * hold several, comma-separated), lower-case; a name HTTP does not allow is refused.
 */
export function parseHeaderNames(values: readonly string[], input: string): Set<string> {
  const names = new Set<string>();
  for (const value of values) {
    for (const part of value.split(",")) {
      const name = part.trim();
      if (name === "") continue;
      if (!HEADER_NAME.test(name)) {
        throw new ConfigurationError(input, `${input}: ${JSON.stringify(name)} is not a header name`);
      }
      names.add(name.toLowerCase());
    }
  }
  return names;
}
