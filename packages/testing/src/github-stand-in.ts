import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export type PullRequestState = "open" | "closed" | "merged";

export interface GitHubStandInOptions {
  /** Pull requests by repository (`owner/name`) and number; any other number is not found. */
  pulls: Record<string, Record<number, PullRequestState>>;
  /** Added before every answer, like a real round trip. Default 0. */
  latencyMs?: number;
  /**
   * Whether the token may write comments (`pull-requests: write`); false answers a write 403
   * "Resource not accessible by integration", as GitHub does for a read-only token. Default true.
   */
  canComment?: boolean;
  /**
   * Who each token is (GraphQL `viewer`, and the author of the comments it writes); a token not
   * listed is the Actions token's app, `github-actions[bot]`.
   */
  identities?: Record<string, CommentAuthor>;
  /**
   * Whether a token may edit a comment someone else wrote (a maintainer's may); false answers
   * 403 "Resource not accessible by integration". Default false.
   */
  canEditOthers?: boolean;
}

/** A comment's author as GitHub's REST API shows it (`user.login`, `user.type`). */
export interface CommentAuthor {
  login: string;
  /** "User" or "Bot" (an app's account, whose login ends in `[bot]`). */
  type: string;
}

/** A comment on a pull request, as the stand-in keeps it. */
export interface StoredComment {
  id: number;
  body: string;
  user: CommentAuthor;
}

export interface GitHubRequest {
  method: string;
  path: string;
  /** The Authorization header as sent: tests check the token was used (and then that it never leaked). */
  authorization: string | undefined;
  /** For GraphQL: how many pull requests the query asked about. */
  pullRequests: number;
  /** The request body as sent (a comment's text among it). */
  body: string;
  /** The query string, e.g. `per_page=100&page=1`. */
  query: string;
}

export interface GitHubStandIn {
  /** Use as GITHUB_API_URL; GraphQL is at `${url}/graphql` (GITHUB_GRAPHQL_URL). */
  url: string;
  graphqlUrl: string;
  requests: GitHubRequest[];
  /** Comments by repository (`owner/name`) and pull request number; a test may add some first. */
  comments: Record<string, Record<number, StoredComment[]>>;
  stop(): Promise<void>;
}

const ALIAS = /(\w+)\s*:\s*pullRequest\s*\(\s*number\s*:\s*(\d+)\s*\)/g;

/**
 * A tiny stand-in for the GitHub API on 127.0.0.1, enough for reading pull request states and
 * keeping one comment up to date: REST `GET /repos/{owner}/{repo}/pulls/{number}`, GraphQL
 * `repository(owner:, name:) { alias: pullRequest(number: N) { state } … }` (a number it cannot
 * resolve is `null` under its alias with a NOT_FOUND error beside the data, as GitHub answers),
 * GraphQL `viewer { login }` (who the token is: `identities`), and the issue comments of a pull
 * request (`GET` and `POST …/issues/{n}/comments`, paged by `per_page` and `page`, each written
 * by the token's identity; `PATCH …/issues/comments/{id}`, of another's comment only with
 * `canEditOthers`). Every request is recorded.
 */
export async function startGitHubStandIn(options: GitHubStandInOptions): Promise<GitHubStandIn> {
  const requests: GitHubRequest[] = [];
  const comments: GitHubStandIn["comments"] = {};
  const server = createServer((req, res) => {
    void answer({ options, requests, comments }, req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    requests,
    comments,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Answer = { status: number; body: unknown };

interface StandInState {
  options: GitHubStandInOptions;
  requests: GitHubRequest[];
  comments: GitHubStandIn["comments"];
}

async function answer(state: StandInState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { options } = state;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const [path = "/", query = ""] = (req.url ?? "/").split("?");
  const body = Buffer.concat(chunks).toString();
  const entry: GitHubRequest = {
    method: req.method ?? "",
    path,
    authorization: req.headers.authorization,
    pullRequests: 0,
    body,
    query,
  };
  state.requests.push(entry);
  if ((options.latencyMs ?? 0) > 0) await sleep(options.latencyMs);
  const rest = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(path);
  let reply: Answer = { status: 404, body: { message: "Not Found" } };
  if (req.method === "GET" && rest) reply = restPullRequest(options, rest[1], rest[2], Number(rest[3]));
  if (req.method === "POST" && path === "/graphql") {
    reply = VIEWER.test(body) ? viewer(options, entry) : graphqlPullRequests(options, entry, body);
  }
  reply = commentRoute(state, entry) ?? reply;
  res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body));
}

const LIST_OR_CREATE = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/;
const EDIT = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/;
const FORBIDDEN: Answer = { status: 403, body: { message: "Resource not accessible by integration" } };

/** The issue comment routes: list (paged), create, edit. Undefined for any other request. */
function commentRoute(state: StandInState, entry: GitHubRequest): Answer | undefined {
  const writes = entry.method !== "GET";
  const listOrCreate = LIST_OR_CREATE.exec(entry.path);
  const edit = EDIT.exec(entry.path);
  if (!listOrCreate && !edit) return undefined;
  if (writes && state.options.canComment === false) return FORBIDDEN;
  if (listOrCreate) {
    const [, owner, repo, number] = listOrCreate;
    const list = commentsOf(state, `${owner}/${repo}`, Number(number));
    if (entry.method === "GET") {
      const params = new URLSearchParams(entry.query);
      const perPage = Number(params.get("per_page") ?? 30);
      const page = Number(params.get("page") ?? 1);
      return { status: 200, body: list.slice((page - 1) * perPage, page * perPage) };
    }
    const user = identityOf(state.options, entry);
    const comment = { id: nextCommentId++, body: JSON.parse(entry.body).body as string, user };
    list.push(comment);
    return { status: 201, body: comment };
  }
  const [, owner, repo, id] = edit ?? [];
  const found = Object.values(state.comments[`${owner}/${repo}`] ?? {})
    .flat()
    .find((comment) => comment.id === Number(id));
  if (!found || entry.method !== "PATCH") return { status: 404, body: { message: "Not Found" } };
  const writer = identityOf(state.options, entry);
  if (found.user.login !== writer.login && state.options.canEditOthers !== true) return FORBIDDEN;
  found.body = JSON.parse(entry.body).body as string;
  return { status: 200, body: found };
}

/** The comments of one pull request, an empty list made on first use. */
function commentsOf(state: StandInState, repository: string, number: number): StoredComment[] {
  const byNumber = state.comments[repository] ?? {};
  state.comments[repository] = byNumber;
  const list = byNumber[number] ?? [];
  byNumber[number] = list;
  return list;
}

/** The Actions token's identity: the author of what a workflow's `GITHUB_TOKEN` writes. */
export const ACTIONS_BOT: CommentAuthor = { login: "github-actions[bot]", type: "Bot" };
let nextCommentId = 1000;

/** Who the request's token is: `Authorization: token T` or `Bearer T`, looked up in `identities`. */
function identityOf(options: GitHubStandInOptions, entry: GitHubRequest): CommentAuthor {
  const token = (entry.authorization ?? "").replace(/^(token|bearer)\s+/i, "");
  return options.identities?.[token] ?? ACTIONS_BOT;
}

const VIEWER = /\bviewer\s*\{\s*login\b/;

/** GraphQL `viewer { login }`: the token's own login (`github-actions[bot]` for the Actions token). */
function viewer(options: GitHubStandInOptions, entry: GitHubRequest): Answer {
  return { status: 200, body: { data: { viewer: { login: identityOf(options, entry).login } } } };
}

/** REST `GET /repos/{owner}/{repo}/pulls/{number}`. */
function restPullRequest(options: GitHubStandInOptions, owner = "", repo = "", number = 0): Answer {
  const state = options.pulls[`${owner}/${repo}`]?.[number];
  if (!state) return { status: 404, body: { message: "Not Found" } };
  return {
    status: 200,
    body: { number, state: state === "open" ? "open" : "closed", merged: state === "merged" },
  };
}

/** GraphQL `repository(owner:, name:) { alias: pullRequest(number: N) { state } … }`. */
function graphqlPullRequests(options: GitHubStandInOptions, entry: GitHubRequest, body: string): Answer {
  const { query, variables } = JSON.parse(body || "{}") as {
    query?: string;
    variables?: Record<string, unknown>;
  };
  const repo = options.pulls[`${String(variables?.["owner"])}/${String(variables?.["repo"])}`];
  const aliases = [...(query ?? "").matchAll(ALIAS)];
  entry.pullRequests = aliases.length;
  if (!repo) {
    const errors = [
      { type: "NOT_FOUND", path: ["repository"], message: "Could not resolve to a Repository." },
    ];
    return { status: 200, body: { data: { repository: null }, errors } };
  }
  const data: Record<string, { state: string } | null> = {};
  const errors: unknown[] = [];
  for (const [, alias = "", number = ""] of aliases) {
    const state = repo[Number(number)];
    data[alias] = state ? { state: state.toUpperCase() } : null;
    if (!state) {
      errors.push({
        type: "NOT_FOUND",
        path: ["repository", alias],
        message: `Could not resolve to a PullRequest with the number of ${number}.`,
      });
    }
  }
  return { status: 200, body: { data: { repository: data }, ...(errors.length > 0 ? { errors } : {}) } };
}
