import { parseBaseUrl } from "@stashkit/core/internal";
import { type GitHubAccess, GitHubRequestError, gitHubRequest } from "./github-request.ts";
import { graphqlAnswer, PullRequestLookupError, type PullRequestsAnswer } from "./graphql-answer.ts";

export { PullRequestLookupError };

/** What GitHub says of a pull request; "unknown" when it does not show it (the token cannot see it, or no such number). */
export type PullRequestState = "open" | "closed" | "unknown";

/** Pull requests asked about per GraphQL request: one alias each. GitHub's node limit allows far more. */
export const PULL_REQUESTS_PER_REQUEST = 100;

/** Where and as whom to ask about pull requests, and until when. */
export interface PullRequestLookup extends GitHubAccess {
  /** GitHub's GraphQL endpoint: see `gitHubGraphqlUrl`. */
  graphqlUrl: string;
}

/**
 * GitHub's GraphQL endpoint: GITHUB_GRAPHQL_URL (the runner sets it; on GitHub Enterprise
 * Server it differs from the REST base), else GITHUB_API_URL's `/graphql`, else github.com's.
 */
export function gitHubGraphqlUrl(env: Record<string, string | undefined>): string {
  // Core's URL policy, as for every other API: the token goes out over https only (http only
  // to loopback), never with user info or a query string.
  const graphql = env["GITHUB_GRAPHQL_URL"]?.trim();
  if (graphql) return withoutTrailingSlash(parseBaseUrl(graphql, "GITHUB_GRAPHQL_URL"));
  return `${gitHubApiUrl(env)}/graphql`;
}

/** GitHub's REST base: GITHUB_API_URL (GitHub Enterprise Server's differs), else github.com's. */
export function gitHubApiUrl(env: Record<string, string | undefined>): string {
  const api = env["GITHUB_API_URL"]?.trim() || "https://api.github.com";
  return withoutTrailingSlash(parseBaseUrl(api, "GITHUB_API_URL"));
}

function withoutTrailingSlash(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** GraphQL's `Int` is 32-bit: GitHub refuses the whole query when one number is larger. */
const MAX_GRAPHQL_INT = 2 ** 31 - 1;

/**
 * The states of these pull requests, one GraphQL request per 100, each asked for under its own
 * alias: one request however many indexes share a pull request, and no listing of every open
 * one. Merged counts as closed.
 */
export async function pullRequestStates(
  lookup: PullRequestLookup,
  numbers: readonly number[],
): Promise<Map<number, PullRequestState>> {
  const states = new Map<number, PullRequestState>();
  // No pull request has such a number: it is unknown (its index kept), and never asked about.
  for (const n of numbers) if (!Number.isInteger(n) || n > MAX_GRAPHQL_INT) states.set(n, "unknown");
  const unique = [...new Set(numbers)].filter((n) => !states.has(n));
  for (let start = 0; start < unique.length; start += PULL_REQUESTS_PER_REQUEST) {
    const chunk = unique.slice(start, start + PULL_REQUESTS_PER_REQUEST);
    const answer = await ask(lookup, chunk);
    for (const n of chunk) {
      const state = answer.repository?.[`pr${n}`]?.state;
      states.set(n, state === undefined ? "unknown" : state === "OPEN" ? "open" : "closed");
    }
  }
  return states;
}

const WHAT = "reading pull request states from GitHub";

async function ask(lookup: PullRequestLookup, chunk: readonly number[]): Promise<PullRequestsAnswer> {
  const fields = chunk.map((n) => `pr${n}: pullRequest(number: ${n}) { state }`).join("\n");
  const query = `query($owner: String!, $repo: String!) {\n repository(owner: $owner, name: $repo) {\n${fields}\n }\n}`;
  const body = { query, variables: { owner: lookup.owner, repo: lookup.repo } };
  try {
    const answer = await gitHubRequest(lookup, { method: "POST", url: lookup.graphqlUrl, body, what: WHAT });
    return graphqlAnswer(answer.status, answer.text, { redact: (text) => lookup.redact(text) });
  } catch (error) {
    if (!(error instanceof GitHubRequestError)) throw error;
    throw new PullRequestLookupError(`${error.message}${error.timedOut ? "; nothing was pruned" : ""}`);
  }
}

/**
 * Which candidates are stale: their pull request is closed or merged. One GitHub does not show
 * is kept, with a warning: deleting what cannot be seen is the dangerous choice (a token
 * without access to the repository would otherwise delete every index).
 */
export async function closedPullRequests(
  lookup: PullRequestLookup,
  candidates: readonly { name: string; pr: string }[],
  warn: (message: string) => void,
): Promise<{ state: PullRequestState; stale: boolean }[]> {
  const states = await pullRequestStates(
    lookup,
    candidates.map((c) => Number(c.pr)),
  );
  return candidates.map((candidate) => {
    const state = states.get(Number(candidate.pr)) ?? "unknown";
    if (state === "unknown")
      warn(`pull request #${candidate.pr} for ${candidate.name} was not found; keeping the index`);
    return { state, stale: state === "closed" };
  });
}
