import type { IncomingMessage } from "node:http";
import type { Account } from "./http/auth.ts";
import type { Reply } from "./http/reply.ts";

export type Api = "messaging" | "management";

export interface RouteContext {
  req: IncomingMessage;
  params: Record<string, string>;
  query: URLSearchParams;
  rawBody: Buffer;
  /** The authenticated management account; set on management routes only. */
  account: Account | undefined;
}

export interface ApiRoute {
  api: Api;
  handle(context: RouteContext): Reply | Promise<Reply>;
}

/** One line of a route table: `POST /v2/queues/:name/pause` and what answers it. */
export interface RouteEntry {
  method: string;
  pattern: string;
  route: ApiRoute;
}
