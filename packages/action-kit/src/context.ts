import { existsSync, readFileSync } from "node:fs";
import type { TemplateContext } from "@stashkit/core";

export type GitHubContext = TemplateContext;

/**
 * The run's context from the runner's environment and event payload file: the fields of
 * `@actions/github`'s `context` that the actions read, without loading Octokit at start-up.
 */
export function readGitHubContext(env: NodeJS.ProcessEnv = process.env): GitHubContext {
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
  const pr = context.payload.pull_request as { head?: { repo?: { fork?: boolean } | null } } | undefined;
  return context.eventName.startsWith("pull_request") && pr?.head?.repo?.fork === true;
}
