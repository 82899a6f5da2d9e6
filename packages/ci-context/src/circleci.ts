import type { CiRun } from "./ci-run.ts";
import { type Environment, envRun, trailingNumber } from "./env-run.ts";

/** CircleCI's built-in variables: https://circleci.com/docs/variables/ */
export function circleCiRun(env: Environment): CiRun {
  return envRun(
    {
      system: "CircleCI",
      sources: {
        // CIRCLE_PR_NUMBER is only set for pull requests from forks; CIRCLE_PULL_REQUEST is the URL.
        pr: ["CIRCLE_PR_NUMBER", "CIRCLE_PULL_REQUEST"],
        branch: ["CIRCLE_BRANCH"],
        sha: ["CIRCLE_SHA1"],
        run_id: ["CIRCLE_BUILD_NUM"],
        repo: ["CIRCLE_PROJECT_REPONAME"],
      },
      refine: { pr: trailingNumber },
      hints: { pr: " (it is set only when the branch has an open pull request)" },
    },
    env,
  );
}
