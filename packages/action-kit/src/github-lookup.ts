import { gitHubGraphqlUrl, type PullRequestLookup } from "@stashkit/ci-context";
import { httpStackFor } from "@stashkit/core";
import type { Step } from "./step/open-step.ts";

/**
 * How a step asks GitHub about this run's repository: with `token`, held to the step's deadline,
 * masked with the step's redactor, through HTTPS_PROXY like the step's other requests.
 */
export function gitHubLookup(
  step: Pick<Step<unknown>, "context" | "deadline" | "redactor">,
  token: string,
  action: string,
): PullRequestLookup {
  return {
    owner: step.context.repo.owner,
    repo: step.context.repo.repo,
    token,
    graphqlUrl: gitHubGraphqlUrl(process.env),
    deadline: step.deadline,
    redact: (text) => step.redactor.redact(text),
    http: httpStackFor(process.env, undefined),
    userAgent: `stashkit ${action}`,
  };
}
