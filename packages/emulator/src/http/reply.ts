import type { IncomingMessage, ServerResponse } from "node:http";
import { httpErrors } from "./errors.ts";

/** What a route handler answers; the server turns it into bytes (possibly after a fault rewrites it). */
export interface Reply {
  status: number;
  /** A JSON value to serialise, or `undefined` for an empty body. */
  json?: unknown;
  /** A raw body, sent as is with `contentType`. */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export function ok(json?: unknown): Reply {
  return json === undefined ? { status: 200 } : { status: 200, json };
}

export function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let body = "";
  if (reply.text !== undefined) {
    body = reply.text;
    headers["content-type"] ??= reply.contentType ?? "text/plain; charset=utf-8";
  } else if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    headers["content-type"] ??= reply.contentType ?? "application/json";
  }
  headers["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}

/** Reads the whole request body, refusing bodies larger than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw httpErrors.bodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) throw httpErrors.bodyEmpty();
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw httpErrors.bodyNotJson();
  }
}
