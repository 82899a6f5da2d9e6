import {
  type CommentAccess,
  gitHubApiUrl,
  gitHubGraphqlUrl,
  type PullRequestLookup,
} from "@stashkit/ci-context";
import { httpStackFor } from "@stashkit/core/internal";
import type { Step } from "./step/open-step.ts";

type GitHubStep = Pick<Step<unknown>, "context" | "deadline" | "redactor">;

/** What every GitHub request of a step shares: this run's repository, the token, the deadline, the redactor, the proxy. */
function gitHubAccess(step: GitHubStep, token: string, action: string) {
  return {
    owner: step.context.repo.owner,
    repo: step.context.repo.repo,
    token,
    deadline: step.deadline,
    redact: (text: string) => step.redactor.redact(text),
    http: httpStackFor(process.env, undefined),
    userAgent: `stashkit ${action}`,
  };
}

/**
 * How a step asks GitHub about this run's repository: with `token`, held to the step's deadline,
 * masked with the step's redactor, through HTTPS_PROXY like the step's other requests.
 */
export function gitHubLookup(step: GitHubStep, token: string, action: string): PullRequestLookup {
  return { ...gitHubAccess(step, token, action), graphqlUrl: gitHubGraphqlUrl(process.env) };
}

/**
 * The same for the pull request comment: over GitHub's REST API (GITHUB_API_URL), and GraphQL
 * (GITHUB_GRAPHQL_URL) to learn who the token is, so that only its own comment is edited.
 */
export function gitHubCommentAccess(step: GitHubStep, token: string, action: string): CommentAccess {
  return {
    ...gitHubAccess(step, token, action),
    apiUrl: gitHubApiUrl(process.env),
    graphqlUrl: gitHubGraphqlUrl(process.env),
  };
}
