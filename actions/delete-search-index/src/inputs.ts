import { readBoolean, readComment, readInput, readProtect, type Step } from "@stashkit/action-kit";
import {
  ConfigurationError,
  type MaxAge,
  type ProtectRule,
  parseMaxAge,
  refuseProtected,
  templateMatcher,
} from "@stashkit/core";

/** How a prune decides what goes: closed pull requests (with the token), an age, or both. */
export interface PruneRule {
  pattern: string;
  /** Set when the pattern has {pr}: pull requests are looked up with it. */
  githubToken: string | undefined;
  maxAge: MaxAge | undefined;
}

export type DeleteTarget =
  | { kind: "name"; name: string }
  | ({ kind: "prune" } & PruneRule)
  /** One SDK index (namespace) of the database `name`. */
  | { kind: "sdk-index"; name: string; index: string }
  /** The SDK indexes of closed pull requests (or older than max-age) inside the database `name`. */
  | ({ kind: "prune-sdk-indexes"; name: string } & PruneRule);

export interface DeleteInputs {
  target: DeleteTarget;
  dryRun: boolean;
  protect: ProtectRule;
  /** `comment: true`: the pull request whose preview comment is edited, and the token. */
  comment: { pullRequest: number; token: string } | undefined;
}

/** Reads and checks the action's own inputs before anything is sent (the step has read the credentials). */
export function readDeleteInputs(step: Pick<Step<unknown>, "expandName" | "context">): DeleteInputs {
  const target = readTarget(step);
  const protect = readProtect();
  // A named database is refused whole: deleting it, or writing inside it (its SDK indexes).
  if (target.kind !== "prune") {
    const action = target.kind === "name" ? "delete" : "delete from";
    refuseProtected(protect, target.name, { input: "name", action });
  }
  if (readInput("max-age") !== "" && (target.kind === "name" || target.kind === "sdk-index")) {
    throw new ConfigurationError(
      "max-age",
      "max-age goes with prune-pattern: it says which matching indexes are too old",
    );
  }
  const comment = readComment(step.context);
  if (comment !== undefined && (target.kind === "prune" || target.kind === "prune-sdk-indexes")) {
    throw new ConfigurationError(
      "comment",
      "comment edits the preview comment of this run's pull request: use it with name (and index), not prune-pattern",
    );
  }
  return { target, dryRun: readBoolean("dry-run", false), protect, comment };
}

function readTarget(step: Pick<Step<unknown>, "expandName">): DeleteTarget {
  const name = readInput("name");
  const pattern = readInput("prune-pattern");
  const index = readInput("index");
  if (name !== "" && index !== "" && pattern === "") {
    return { kind: "sdk-index", name: step.expandName(name, "name"), index: step.expandName(index, "index") };
  }
  if (index !== "") {
    throw new ConfigurationError(
      "index",
      "index is an SDK index of the database name: give name, and not prune-pattern",
    );
  }
  if (name === "" && pattern === "") {
    throw new ConfigurationError(
      "name",
      "give name (delete that index), prune-pattern (delete the indexes of closed pull requests), or both (the SDK indexes of closed pull requests inside the database name)",
    );
  }
  if (pattern === "") return { kind: "name", name: step.expandName(name, "name") };
  const rule = readPruneRule(pattern);
  return name === ""
    ? { kind: "prune", ...rule }
    : { kind: "prune-sdk-indexes", name: step.expandName(name, "name"), ...rule };
}

function readPruneRule(pattern: string): PruneRule {
  templateMatcher(pattern, "prune-pattern");
  const text = readInput("max-age");
  const maxAge = text === "" ? undefined : parseMaxAge(text, "max-age");
  if (!pattern.includes("{pr}")) {
    if (maxAge !== undefined) return { pattern, githubToken: undefined, maxAge };
    throw new ConfigurationError(
      "prune-pattern",
      "input prune-pattern must contain {pr}: it is how an index is tied to its pull request (or give max-age to prune by age alone)",
    );
  }
  const githubToken = readInput("github-token");
  if (githubToken === "") {
    throw new ConfigurationError(
      "github-token",
      "input github-token is empty; prune-pattern reads pull requests and needs it",
    );
  }
  return { pattern, githubToken, maxAge };
}
