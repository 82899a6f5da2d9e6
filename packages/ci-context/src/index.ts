export type { CiRun } from "./ci-run.ts";
export {
  type Environment,
  type GitHubContext,
  gitHubRun,
  gitHubTemplateValues,
  isForkPullRequest,
  readGitHubContext,
} from "./github.ts";
