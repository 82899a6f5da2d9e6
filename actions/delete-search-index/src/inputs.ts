import { readBoolean, readInput, type Step } from "@stashkit/action-kit";
import { ConfigurationError, templateMatcher } from "@stashkit/core";

export type DeleteTarget =
  | { kind: "name"; name: string }
  | { kind: "prune"; pattern: string; githubToken: string }
  /** One SDK index (namespace) of the database `name`. */
  | { kind: "sdk-index"; name: string; index: string }
  /** The SDK indexes of closed pull requests inside the database `name`. */
  | { kind: "prune-sdk-indexes"; name: string; pattern: string; githubToken: string };

export interface DeleteInputs {
  target: DeleteTarget;
  dryRun: boolean;
}

/** Reads and checks the action's own inputs before anything is sent (the step has read the credentials). */
export function readDeleteInputs(step: Pick<Step<unknown>, "expandName">): DeleteInputs {
  const name = readInput("name");
  const pattern = readInput("prune-pattern");
  const index = readInput("index");
  const dryRun = readBoolean("dry-run", false);
  if (name !== "" && index !== "" && pattern === "") {
    const target = {
      kind: "sdk-index",
      name: step.expandName(name, "name"),
      index: step.expandName(index, "index"),
    };
    return { target: target as DeleteTarget, dryRun };
  }
  if (index !== "") {
    throw new ConfigurationError(
      "index",
      "index is an SDK index of the database name: give name, and not prune-pattern",
    );
  }
  if (name !== "" && pattern !== "") {
    const expanded = step.expandName(name, "name");
    const prunePattern = readPrunePattern(pattern);
    return {
      target: {
        kind: "prune-sdk-indexes",
        name: expanded,
        pattern: prunePattern,
        githubToken: readGitHubToken(),
      },
      dryRun,
    };
  }
  if (name === "" && pattern === "") {
    throw new ConfigurationError(
      "name",
      "give name (delete that index), prune-pattern (delete the indexes of closed pull requests), or both (the SDK indexes of closed pull requests inside the database name)",
    );
  }
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
