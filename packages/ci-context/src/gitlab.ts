import type { CiRun } from "./ci-run.ts";
import { type Environment, envRun, lastSegment } from "./env-run.ts";

/** GitLab CI/CD's predefined variables: https://docs.gitlab.com/ci/variables/predefined_variables/ */
export function gitLabRun(env: Environment): CiRun {
  return envRun(
    {
      system: "GitLab CI",
      sources: {
        pr: ["CI_MERGE_REQUEST_IID"],
        // In merge request pipelines CI_COMMIT_REF_NAME is the source branch; on tags it is the tag.
        branch: ["CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "CI_COMMIT_BRANCH", "CI_COMMIT_REF_NAME"],
        sha: ["CI_COMMIT_SHA"],
        run_id: ["CI_PIPELINE_ID"],
        repo: ["CI_PROJECT_PATH"],
      },
      refine: { repo: lastSegment },
      hints: {
        pr: ' (it is set in merge request pipelines: add `rules: - if: $CI_PIPELINE_SOURCE == "merge_request_event"`)',
      },
    },
    env,
  );
}
