import { gitHubGraphqlUrl, type PullRequestLookup } from "@stashkit/ci-context";
import { httpStackFor } from "@stashkit/core/internal";
import type { CommandContext } from "../context.ts";
import { UsageError } from "../usage-error.ts";
import { parseGitHubSource } from "./github-source.ts";

/**
 * How a command asks GitHub about pull requests (`--open-from github:<owner>/<repo>`): with
 * GITHUB_TOKEN, masked from here on, held to the command's deadline. Checked before anything is sent.
 */
export function pullRequestLookup(openFrom: string, context: CommandContext): PullRequestLookup {
  const source = parseGitHubSource(openFrom);
  const token = (context.env["GITHUB_TOKEN"] ?? "").trim();
  if (token === "") {
    throw new UsageError(
      "--open-from",
      "--open-from github: asks about pull requests with GITHUB_TOKEN, which is not set",
    );
  }
  context.redactor.add(token);
  return {
    ...source,
    token,
    graphqlUrl: gitHubGraphqlUrl(context.env),
    deadline: context.deadline,
    redact: (text) => context.redactor.redact(text),
    http: httpStackFor(context.env, undefined),
    userAgent: `stashkit-cli ${context.command}`,
  };
}
