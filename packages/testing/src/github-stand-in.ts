import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export type PullRequestState = "open" | "closed" | "merged";

export interface GitHubStandInOptions {
  /** Pull requests by repository (`owner/name`) and number; any other number is not found. */
  pulls: Record<string, Record<number, PullRequestState>>;
  /** Added before every answer, like a real round trip. Default 0. */
  latencyMs?: number;
}

export interface GitHubRequest {
  method: string;
  path: string;
  /** The Authorization header as sent: tests check the token was used (and then that it never leaked). */
  authorization: string | undefined;
  /** For GraphQL: how many pull requests the query asked about. */
  pullRequests: number;
}

export interface GitHubStandIn {
  /** Use as GITHUB_API_URL; GraphQL is at `${url}/graphql` (GITHUB_GRAPHQL_URL). */
  url: string;
  graphqlUrl: string;
  requests: GitHubRequest[];
  stop(): Promise<void>;
}

const ALIAS = /(\w+)\s*:\s*pullRequest\s*\(\s*number\s*:\s*(\d+)\s*\)/g;

/**
 * A tiny stand-in for the GitHub API on 127.0.0.1, enough for reading pull request states:
 * REST `GET /repos/{owner}/{repo}/pulls/{number}` and GraphQL
 * `repository(owner:, name:) { alias: pullRequest(number: N) { state } … }`, answering as GitHub
 * does (a number it cannot resolve is `null` under its alias with a NOT_FOUND error beside the
 * data). Every request is recorded.
 */
export async function startGitHubStandIn(options: GitHubStandInOptions): Promise<GitHubStandIn> {
  const requests: GitHubRequest[] = [];
  const server = createServer((req, res) => {
    void answer(options, requests, req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Answer = { status: number; body: unknown };

async function answer(
  options: GitHubStandInOptions,
  requests: GitHubRequest[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const entry: GitHubRequest = {
    method: req.method ?? "",
    path,
    authorization: req.headers.authorization,
    pullRequests: 0,
  };
  requests.push(entry);
  if ((options.latencyMs ?? 0) > 0) await sleep(options.latencyMs);
  const rest = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(path);
  let reply: Answer = { status: 404, body: { message: "Not Found" } };
  if (req.method === "GET" && rest) reply = restPullRequest(options, rest[1], rest[2], Number(rest[3]));
  if (req.method === "POST" && path === "/graphql") {
    reply = graphqlPullRequests(options, entry, Buffer.concat(chunks).toString());
  }
  res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body));
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
