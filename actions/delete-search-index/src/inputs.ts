import { readBoolean, readInput, type Step } from "@stashkit/action-kit";
import { ConfigurationError, templateMatcher } from "@stashkit/core";

export type DeleteTarget =
  | { kind: "name"; name: string }
  | { kind: "prune"; pattern: string; githubToken: string };

export interface DeleteInputs {
  target: DeleteTarget;
  dryRun: boolean;
}

/** Reads and checks the action's own inputs before anything is sent (the step has read the credentials). */
export function readDeleteInputs(step: Pick<Step<unknown>, "expandName">): DeleteInputs {
  const name = readInput("name");
  const pattern = readInput("prune-pattern");
  if ((name === "") === (pattern === "")) {
    throw new ConfigurationError(
      name === "" ? "name" : "prune-pattern",
      "give exactly one of the inputs name (delete that index) and prune-pattern (delete the indexes of closed pull requests)",
    );
  }
  const dryRun = readBoolean("dry-run", false);
  if (name !== "") return { target: { kind: "name", name: step.expandName(name, "name") }, dryRun };
  return {
    target: { kind: "prune", pattern: readPrunePattern(pattern), githubToken: readGitHubToken() },
    dryRun,
  };
}

function readPrunePattern(pattern: string): string {
  templateMatcher(pattern, "prune-pattern");
  if (!pattern.includes("{pr}")) {
    throw new ConfigurationError(
      "prune-pattern",
      "input prune-pattern must contain {pr}: it is how an index is tied to its pull request",
    );
  }
  return pattern;
}

function readGitHubToken(): string {
  const githubToken = readInput("github-token");
  if (githubToken === "") {
    throw new ConfigurationError(
      "github-token",
      "input github-token is empty; prune-pattern reads pull requests and needs it",
    );
  }
  return githubToken;
}
