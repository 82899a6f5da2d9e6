import { existsSync, readFileSync } from "node:fs";
import type { Placeholder, TemplateValues } from "@stashkit/core";
import type { CiRun } from "./ci-run.ts";
import type { Environment } from "./env-run.ts";

/** The fields of a GitHub Actions run that stashkit reads: the shape of `@actions/github`'s `context`. */
export interface GitHubContext {
  eventName: string;
  sha: string;
  ref: string;
  runId: number;
  repo: { owner: string; repo: string };
  payload: {
    number?: number;
    pull_request?:
      | { number?: number; head?: { ref?: string; sha?: string; repo?: { fork?: boolean } | null } }
      | undefined;
    issue?: { number?: number; pull_request?: unknown } | undefined;
    [key: string]: unknown;
  };
}

/**
 * The run's context from the runner's environment and event payload file, without loading
 * Octokit at start-up. An unreadable payload file counts as an empty payload.
 */
export function readGitHubContext(env: Environment = process.env): GitHubContext {
  const [owner = "", repo = ""] = (env["GITHUB_REPOSITORY"] ?? "").split("/");
  let payload: GitHubContext["payload"] = {};
  const eventPath = env["GITHUB_EVENT_PATH"];
  if (eventPath && existsSync(eventPath)) {
    try {
      payload = JSON.parse(readFileSync(eventPath, "utf8")) as GitHubContext["payload"];
    } catch {
      payload = {};
    }
  }
  return {
    eventName: env["GITHUB_EVENT_NAME"] ?? "",
    sha: env["GITHUB_SHA"] ?? "",
    ref: env["GITHUB_REF"] ?? "",
    runId: Number.parseInt(env["GITHUB_RUN_ID"] ?? "", 10) || 0,
    repo: { owner, repo },
    payload,
  };
}

/** A pull request from a fork gets no secrets: worth saying when credentials are empty. */
export function isForkPullRequest(context: GitHubContext): boolean {
  return (
    context.eventName.startsWith("pull_request") && context.payload.pull_request?.head?.repo?.fork === true
  );
}

/**
 * The template values of a GitHub run: the pull request of a pull_request event or of a comment
 * on one; the head branch and head commit of a pull request, else the pushed branch and commit.
 */
export function gitHubTemplateValues(context: GitHubContext): TemplateValues {
  const pr = context.payload.pull_request;
  const issue = context.payload.issue;
  const prNumber = pr?.number ?? (issue?.pull_request ? issue.number : undefined);
  const branch =
    pr?.head?.ref ||
    (context.ref.startsWith("refs/heads/") ? context.ref.slice("refs/heads/".length) : undefined);
  const values: TemplateValues = {};
  if (prNumber !== undefined) values.pr = String(prNumber);
  if (branch) values.branch = branch;
  const sha = pr?.head?.sha || context.sha;
  if (sha) values.sha = sha;
  if (context.runId) values.run_id = String(context.runId);
  if (context.repo.repo) values.repo = context.repo.repo;
  return values;
}

const GITHUB_HINTS: Partial<Record<Placeholder, string>> = {
  pr: " (it is set for pull_request and pull_request_target events and pull request comments)",
  branch: " (it is set for branch pushes and pull requests, not for tags)",
};

/** The run as name templates see it. */
export function gitHubRun(context: GitHubContext): CiRun {
  return {
    system: "GitHub Actions",
    values: gitHubTemplateValues(context),
    whereMissing: (placeholder) => ` on a ${context.eventName} event${GITHUB_HINTS[placeholder] ?? ""}`,
  };
}
