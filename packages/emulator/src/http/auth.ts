import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { HttpError } from "./reply.ts";

export interface Account {
  email: string;
  apiKey: string;
}

/** Compares secrets in constant time, so the answer's timing says nothing about the right one. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Messaging API: `Authorization: Bearer <token>`, or the `qstash_token` query parameter. */
export function requireBearer(req: IncomingMessage, query: URLSearchParams, tokens: readonly string[]): void {
  const header = req.headers.authorization ?? "";
  const fromHeader = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  const presented = fromHeader ?? query.get("qstash_token") ?? undefined;
  if (presented === undefined || presented === "") {
    throw new HttpError(401, "Unauthorized: missing token");
  }
  if (!tokens.some((token) => sameSecret(token, presented))) {
    throw new HttpError(401, "Unauthorized: invalid token");
  }
}

/** Management API: HTTP Basic with the account email as user name and the API key as password. */
export function requireBasic(req: IncomingMessage, accounts: readonly Account[]): Account {
  const header = req.headers.authorization ?? "";
  const encoded = /^Basic\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (!encoded) throw new HttpError(401, "Unauthorized");
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw new HttpError(401, "Unauthorized");
  const email = decoded.slice(0, colon);
  const apiKey = decoded.slice(colon + 1);
  const account = accounts.find((a) => a.email === email && sameSecret(a.apiKey, apiKey));
  if (!account) throw new HttpError(401, "Unauthorized");
  return account;
}

/** What the request log records of the credentials: the scheme only, never the value. */
export function redactedAuthorization(req: IncomingMessage, query: URLSearchParams): string {
  const header = req.headers.authorization;
  if (header) {
    const scheme = header.split(/\s+/, 1)[0] ?? "";
    return `${scheme} [redacted]`;
  }
  return query.has("qstash_token") ? "qstash_token [redacted]" : "none";
}
