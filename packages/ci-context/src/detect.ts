import { bitbucketRun } from "./bitbucket.ts";
import { buildkiteRun } from "./buildkite.ts";
import type { CiRun } from "./ci-run.ts";
import { circleCiRun } from "./circleci.ts";
import type { Environment } from "./env-run.ts";
import { gitHubRun, readGitHubContext } from "./github.ts";
import { gitLabRun } from "./gitlab.ts";
import { jenkinsRun } from "./jenkins.ts";

/** What each CI system sets to say it is running; checked in this order. */
const SYSTEMS: readonly { marker: string; read: (env: Environment) => CiRun }[] = [
  { marker: "GITHUB_ACTIONS", read: (env) => gitHubRun(readGitHubContext(env)) },
  { marker: "GITLAB_CI", read: gitLabRun },
  { marker: "CIRCLECI", read: circleCiRun },
  { marker: "BUILDKITE", read: buildkiteRun },
  { marker: "BITBUCKET_BUILD_NUMBER", read: bitbucketRun },
  { marker: "JENKINS_URL", read: jenkinsRun },
];

/** The run of whichever CI system the environment belongs to; outside CI, a run with no values. */
export function detectCiRun(env: Environment = process.env): CiRun {
  const system = SYSTEMS.find(({ marker }) => (env[marker] ?? "") !== "");
  if (system) return system.read(env);
  return { system: "no CI system", values: {}, whereMissing: () => " outside CI" };
}
