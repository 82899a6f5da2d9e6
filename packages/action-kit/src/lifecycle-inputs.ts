import type { GitHubContext } from "@stashkit/ci-context";
import { ConfigurationError, type ProtectRule, protectRule } from "@stashkit/core";
import { readBoolean, readInput, readList } from "./inputs.ts";

/** `protect`: names or patterns (one a line, or comma-separated) no write of the step may touch. */
export function readProtect(): ProtectRule {
  return protectRule(readList("protect"), "protect");
}

/** The pull request this run is about: a pull_request event's, or a comment's on one. */
export function pullRequestNumber(context: GitHubContext): number | undefined {
  const { pull_request: pr, issue } = context.payload;
  const number = pr?.number ?? (issue?.pull_request ? issue.number : undefined);
  return typeof number === "number" && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * `comment: true`, checked before anything is sent: the run must be about a pull request, and
 * `github-token` must be set. Undefined when no comment is asked for.
 */
export function readComment(context: GitHubContext): { pullRequest: number; token: string } | undefined {
  if (!readBoolean("comment", false)) return undefined;
  const pullRequest = pullRequestNumber(context);
  if (pullRequest === undefined) {
    throw new ConfigurationError(
      "comment",
      `input comment is true, but this run (event ${JSON.stringify(context.eventName)}) is about no pull request: run the step on pull_request events, or leave comment off`,
    );
  }
  const token = readInput("github-token");
  if (token === "") {
    throw new ConfigurationError(
      "github-token",
      "input github-token is empty; comment needs it (pull-requests: write)",
    );
  }
  return { pullRequest, token };
}
