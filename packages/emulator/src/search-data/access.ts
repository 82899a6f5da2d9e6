import { timingSafeEqual } from "node:crypto";

export type DataAccess = "read-write" | "read-only";

/**
 * What a bearer token may do on one index: its `token` reads and writes, its
 * `read_only_token` only reads, anything else (another index's token included) nothing.
 * Compared in constant time, so response timing does not reveal how much of a token matched.
 */
export function accessOf(
  index: { token: string; read_only_token: string },
  bearer: string,
): DataAccess | undefined {
  if (sameSecret(bearer, index.token)) return "read-write";
  if (sameSecret(bearer, index.read_only_token)) return "read-only";
  return undefined;
}

/** The token of an `Authorization: Bearer …` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== "bearer" || !token || rest.length > 0) return undefined;
  return token;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return expected.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}
