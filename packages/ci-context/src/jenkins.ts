import type { CiRun } from "./ci-run.ts";
import { type Environment, envRun } from "./env-run.ts";

/** Jenkins' global variables (multibranch pipelines add BRANCH_NAME and CHANGE_ID). */
export function jenkinsRun(env: Environment): CiRun {
  return envRun(
    {
      system: "Jenkins",
      sources: {
        pr: ["CHANGE_ID"],
        // The Git plugin's GIT_BRANCH carries the remote ("origin/main").
        branch: ["CHANGE_BRANCH", "BRANCH_NAME", "GIT_BRANCH"],
        sha: ["GIT_COMMIT"],
        run_id: ["BUILD_NUMBER"],
        repo: [],
      },
      refine: {
        branch: (value) => value.replace(/^origin\//, ""),
        pr: (value) => (/^\d+$/.test(value) ? value : ""),
      },
      hints: { pr: " (multibranch pipelines set it for pull requests)" },
    },
    env,
  );
}
