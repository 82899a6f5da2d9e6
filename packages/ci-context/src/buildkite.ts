import type { CiRun } from "./ci-run.ts";
import { type Environment, envRun, lastSegment } from "./env-run.ts";

/** Buildkite's agent variables: https://buildkite.com/docs/pipelines/environment-variables */
export function buildkiteRun(env: Environment): CiRun {
  return envRun(
    {
      system: "Buildkite",
      sources: {
        pr: ["BUILDKITE_PULL_REQUEST"],
        branch: ["BUILDKITE_BRANCH"],
        sha: ["BUILDKITE_COMMIT"],
        run_id: ["BUILDKITE_BUILD_NUMBER"],
        repo: ["BUILDKITE_REPO"],
      },
      refine: {
        // "false" when the build is not for a pull request.
        pr: (value) => (/^\d+$/.test(value) ? value : ""),
        // BUILDKITE_COMMIT can be "HEAD" for builds started by hand.
        sha: (value) => (/^[0-9a-f]{7,}$/i.test(value) ? value : ""),
        repo: (value) => lastSegment(value.replace(/\.git$/, "")),
      },
      hints: { pr: ' (BUILDKITE_PULL_REQUEST is "false" on builds that are not for a pull request)' },
    },
    env,
  );
}
