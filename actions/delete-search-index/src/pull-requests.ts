import type { GitHubContext } from "@stashkit/action-kit";
import { type Redactor, redactAndClip } from "@stashkit/core";

export type PullRequestState = "open" | "closed" | "unknown";

/**
 * Reads pull request states with @actions/github's Octokit (GITHUB_API_URL is honoured). Loaded
 * only when pruning: Octokit is most of this action's code, and deleting by name never needs it.
 * A failure is reported in one line of our own, with GitHub's text masked and clipped like any
 * API's: Octokit's own message and stack carry the answer's body and the request.
 */
export async function pullRequestStates(token: string, context: GitHubContext, redactor: Redactor) {
  const { getOctokit } = await import("@actions/github");
  const octokit = getOctokit(token);
  const known = new Map<number, Promise<PullRequestState>>();
  return (pullNumber: number): Promise<PullRequestState> => {
    let state = known.get(pullNumber);
    if (!state) {
      state = octokit.rest.pulls
        .get({ owner: context.repo.owner, repo: context.repo.repo, pull_number: pullNumber })
        .then((answer) => (answer.data.state === "closed" ? "closed" : "open"))
        .catch((error: { status?: number; message?: unknown }) => {
          // A pull request we cannot see is kept: the token may lack access, or the number may belong elsewhere.
          if (error.status === 404) return "unknown" as const;
          const said = redactAndClip(String(error.message ?? error), redactor, 300);
          throw new Error(
            `reading pull request #${pullNumber} from GitHub failed${error.status ? ` (${error.status})` : ""}: ${said}`,
          );
        });
      known.set(pullNumber, state);
    }
    return state;
  };
}
