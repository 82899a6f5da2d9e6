import { sameSecret } from "../http/auth.ts";

export type DataAccess = "read-write" | "read-only";

/**
 * What a bearer token may do on one index: its `token` reads and writes, its
 * `read_only_token` only reads, anything else (another index's token included) nothing.
 * Compared in constant time, so an answer's timing does not tell how much of a token matched.
 */
export function accessOf(
  index: { token: string; read_only_token: string },
  bearer: string,
): DataAccess | undefined {
  if (index.token !== "" && sameSecret(bearer, index.token)) return "read-write";
  if (index.read_only_token !== "" && sameSecret(bearer, index.read_only_token)) return "read-only";
  return undefined;
}
