import type { GitHubContext } from "@stashkit/action-kit";
import { type Redactor, redactAndClip } from "@stashkit/core";

export type PullRequestState = "open" | "closed" | "unknown";

/** Pull requests asked about per GraphQL request: one alias each. GitHub's node limit allows far more. */
export const PULL_REQUESTS_PER_REQUEST = 100;

interface Answer {
  repository: Record<string, { state: string } | null> | null;
}

/**
 * The states of these pull requests, read with @actions/github's Octokit through GraphQL: one
 * request per 100 pull requests, each asked for under its own alias. GITHUB_GRAPHQL_URL is
 * honoured (the runner sets it; on GitHub Enterprise Server it differs from the REST base).
 * Merged counts as closed. A pull request the token cannot see, or a number that is not a pull
 * request of this repository, is "unknown" and the caller keeps its index. Octokit is loaded
 * only when pruning: it is most of this action's code, and deleting by name never needs it.
 * A failure is reported in one line of our own, with GitHub's text masked and clipped like any
 * API's: Octokit's own message and stack carry the answer's body and the request.
 */
export async function pullRequestStates(
  token: string,
  context: GitHubContext,
  numbers: readonly number[],
  redactor: Redactor,
  env: Record<string, string | undefined> = process.env,
): Promise<Map<number, PullRequestState>> {
  const { getOctokit } = await import("@actions/github");
  // Octokit puts GraphQL at `${baseUrl}/graphql`; the runner's GITHUB_GRAPHQL_URL says where it is.
  const graphqlBase = /^(.+)\/graphql\/?$/.exec(env["GITHUB_GRAPHQL_URL"] ?? "")?.[1];
  const octokit = getOctokit(token, graphqlBase ? { baseUrl: graphqlBase } : {});
  const unique = [...new Set(numbers)];
  const states = new Map<number, PullRequestState>();
  for (let start = 0; start < unique.length; start += PULL_REQUESTS_PER_REQUEST) {
    const chunk = unique.slice(start, start + PULL_REQUESTS_PER_REQUEST);
    const fields = chunk.map((n) => `pr${n}: pullRequest(number: ${n}) { state }`).join("\n");
    const query = `query($owner: String!, $repo: String!) {\n repository(owner: $owner, name: $repo) {\n${fields}\n }\n}`;
    const answer = await octokit
      .graphql<Answer>(query, { owner: context.repo.owner, repo: context.repo.repo })
      .catch((error: unknown) => partialAnswer(error, redactor));
    for (const n of chunk) {
      const state = answer.repository?.[`pr${n}`]?.state;
      states.set(n, state === undefined ? "unknown" : state === "OPEN" ? "open" : "closed");
    }
  }
  return states;
}

/**
 * GitHub answers a number it cannot resolve with `null` under that alias and a NOT_FOUND error
 * beside the other aliases' data; Octokit throws that as a GraphqlResponseError carrying the
 * data. Only such not-found errors are taken as an answer; anything else is a failure.
 */
function partialAnswer(error: unknown, redactor: Redactor): Answer {
  const { errors, data, status, message } = error as {
    errors?: { type?: string }[];
    data?: Answer;
    status?: number;
    message?: unknown;
  };
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => e.type === "NOT_FOUND") && data) {
    return data;
  }
  const said = redactAndClip(String(message ?? error), redactor, 300);
  throw new Error(`reading pull request states from GitHub failed${status ? ` (${status})` : ""}: ${said}`);
}
