import type { CiRun } from "./ci-run.ts";
import { type Environment, envRun } from "./env-run.ts";

/** Bitbucket Pipelines' default variables: https://support.atlassian.com/bitbucket-cloud/docs/variables-and-secrets/ */
export function bitbucketRun(env: Environment): CiRun {
  return envRun(
    {
      system: "Bitbucket Pipelines",
      sources: {
        pr: ["BITBUCKET_PR_ID"],
        branch: ["BITBUCKET_BRANCH"],
        sha: ["BITBUCKET_COMMIT"],
        run_id: ["BITBUCKET_BUILD_NUMBER"],
        repo: ["BITBUCKET_REPO_SLUG"],
      },
      hints: {
        pr: " (it is set in pull-requests: pipelines)",
        branch: " (it is not set for tag builds)",
      },
    },
    env,
  );
}
