import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Compares secrets in constant time, so the answer's timing says nothing about the right one. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The value of `Authorization: Bearer <value>`, if the request has one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim();
}

/**
 * What the request log records of the credentials: the scheme only, never the value.
 * `parameters`: query parameters some API accepts credentials in.
 */
export function redactedAuthorization(
  req: IncomingMessage,
  query: URLSearchParams,
  parameters: readonly string[],
): string {
  const header = req.headers.authorization;
  if (header) {
    const scheme = header.split(/\s+/, 1)[0] ?? "";
    return `${scheme} [redacted]`;
  }
  const parameter = parameters.find((name) => query.has(name));
  return parameter === undefined ? "none" : `${parameter} [redacted]`;
}
