import {
  type GitHubContext,
  readBoolean,
  readInput,
  readManagementCredentials,
  readStepLimits,
  requireManagementCredentials,
} from "@stashkit/action-kit";
import {
  ConfigurationError,
  DEFAULT_MANAGEMENT_URL,
  expandNameTemplate,
  parseBaseUrl,
  templateMatcher,
} from "@stashkit/core";

export type DeleteTarget =
  | { kind: "name"; name: string }
  | { kind: "prune"; pattern: string; githubToken: string };

export interface DeleteInputs {
  target: DeleteTarget;
  dryRun: boolean;
  email: string;
  apiKey: string;
  baseUrl: string;
  maxAttempts: number;
  timeoutSeconds: number;
}

/** Reads and checks every input before anything is sent; credentials are registered as secrets first. */
export function readDeleteInputs(context: GitHubContext): DeleteInputs {
  const githubToken = readInput("github-token");
  const { email, apiKey } = readManagementCredentials(githubToken);

  const name = readInput("name");
  const pattern = readInput("prune-pattern");
  if ((name === "") === (pattern === "")) {
    throw new ConfigurationError(
      name === "" ? "name" : "prune-pattern",
      "give exactly one of the inputs name (delete that index) and prune-pattern (delete the indexes of closed pull requests)",
    );
  }
  let target: DeleteTarget;
  if (name !== "") {
    target = { kind: "name", name: expandNameTemplate(name, context, "name") };
  } else {
    templateMatcher(pattern, "prune-pattern");
    if (!pattern.includes("{pr}")) {
      throw new ConfigurationError(
        "prune-pattern",
        "input prune-pattern must contain {pr}: it is how an index is tied to its pull request",
      );
    }
    if (githubToken === "") {
      throw new ConfigurationError(
        "github-token",
        "input github-token is empty; prune-pattern reads pull requests and needs it",
      );
    }
    target = { kind: "prune", pattern, githubToken };
  }
  const baseUrl = readInput("base-url") || DEFAULT_MANAGEMENT_URL;
  parseBaseUrl(baseUrl, "base-url");
  const inputs: DeleteInputs = {
    target,
    dryRun: readBoolean("dry-run", false),
    email,
    apiKey,
    baseUrl,
    ...readStepLimits(),
  };
  requireManagementCredentials(inputs);
  return inputs;
}
