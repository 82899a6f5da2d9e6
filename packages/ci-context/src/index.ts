export { bitbucketRun } from "./bitbucket.ts";
export { buildkiteRun } from "./buildkite.ts";
export type { CiRun } from "./ci-run.ts";
export { circleCiRun } from "./circleci.ts";
export { detectCiRun } from "./detect.ts";
export type { Environment } from "./env-run.ts";
export {
  type GitHubContext,
  gitHubRun,
  gitHubTemplateValues,
  isForkPullRequest,
  readGitHubContext,
} from "./github.ts";
export {
  type GitHubAccess,
  GitHubRequestError,
} from "./github-api/github-request.ts";
export {
  type CommentAccess,
  editMarkedComment,
  findMarkedComment,
  upsertMarkedComment,
} from "./github-api/pull-request-comments.ts";
export {
  closedPullRequests,
  gitHubApiUrl,
  gitHubGraphqlUrl,
  PULL_REQUESTS_PER_REQUEST,
  type PullRequestLookup,
  PullRequestLookupError,
  type PullRequestState,
  pullRequestStates,
} from "./github-api/pull-request-states.ts";
export { gitLabRun } from "./gitlab.ts";
export { jenkinsRun } from "./jenkins.ts";
