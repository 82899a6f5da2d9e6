import type { GitHubContext } from "@stashkit/action-kit";

export type PullRequestState = "open" | "closed" | "unknown";

/**
 * Reads pull request states with @actions/github's Octokit (GITHUB_API_URL is honoured). Loaded
 * only when pruning: Octokit is most of this action's code, and deleting by name never needs it.
 */
export async function pullRequestStates(token: string, context: GitHubContext) {
  const { getOctokit } = await import("@actions/github");
  const octokit = getOctokit(token);
  const known = new Map<number, Promise<PullRequestState>>();
  return (pullNumber: number): Promise<PullRequestState> => {
    let state = known.get(pullNumber);
    if (!state) {
      state = octokit.rest.pulls
        .get({ owner: context.repo.owner, repo: context.repo.repo, pull_number: pullNumber })
        .then((answer) => (answer.data.state === "closed" ? "closed" : "open"))
        .catch((error: { status?: number }) => {
          // A pull request we cannot see is kept: the token may lack access, or the number may belong elsewhere.
          if (error.status === 404) return "unknown" as const;
          throw error;
        });
      known.set(pullNumber, state);
    }
    return state;
  };
}
