import { ConfigurationError, expandNameTemplate as expandValues } from "@stashkit/core";
import { describe, expect, it } from "vitest";
import { type GitHubContext, gitHubRun, isForkPullRequest, readGitHubContext } from "../src/index.ts";

type TemplateContext = GitHubContext;

/** Fills a template from a GitHub run, as the actions do. */
function expandNameTemplate(template: string, context: GitHubContext, input = "name"): string {
  const run = gitHubRun(context);
  return expandValues(template, run.values, { input, whereMissing: run.whereMissing });
}

const push: TemplateContext = {
  eventName: "push",
  sha: "0123456789abcdef0123456789abcdef01234567",
  ref: "refs/heads/Feature/Login_Page",
  runId: 987654321,
  repo: { owner: "acme", repo: "My.App" },
  payload: {},
};

const pullRequest: TemplateContext = {
  ...push,
  eventName: "pull_request",
  ref: "refs/pull/42/merge",
  sha: "ffffffffffffffffffffffffffffffffffffffff",
  payload: {
    number: 42,
    pull_request: { number: 42, head: { ref: "fix/Ünïcode--branch!", sha: "abcdef1234567890" } },
  },
};

describe("expandNameTemplate", () => {
  it("fills every placeholder on a pull request, from the head branch and head commit", () => {
    expect(expandNameTemplate("app-pr-{pr}-{branch}-{sha}-{run_id}-{repo}", pullRequest)).toBe(
      // The branch and repository were not plain lower-case words: each gets its hash suffix.
      "app-pr-42-fix-uenicode-branch-d02cc9-abcdef1-987654321-my-app-feaec9",
    );
  });

  it("fills branch and sha from a push", () => {
    expect(expandNameTemplate("{repo}-{branch}-{sha}", push)).toBe(
      "my-app-feaec9-feature-login-page-12ff04-0123456",
    );
  });

  it("finds the pull request of an issue comment on it", () => {
    const comment = {
      ...push,
      eventName: "issue_comment",
      payload: { issue: { number: 9, pull_request: {} } },
    };
    expect(expandNameTemplate("pr-{pr}", comment)).toBe("pr-9");
  });

  it("caps the branch at 40 characters, hash suffix included, without a trailing dash", () => {
    const long = { ...push, ref: `refs/heads/${"a".repeat(39)}-tail-of-a-very-long-branch` };
    const name = expandNameTemplate("{branch}", long);
    expect(name).toMatch(new RegExp(`^${"a".repeat(33)}-[0-9a-f]{6}$`));
  });

  it("leaves a name without placeholders as it is", () => {
    expect(expandNameTemplate("Static_Name", push)).toBe("Static_Name");
  });

  it.each([
    ["{pr}", push, /uses \{pr\}, which has no value on a push event \(it is set for pull_request/],
    [
      "{branch}",
      { ...push, ref: "refs/tags/v1.0.0" },
      /\{branch\}, which has no value on a push event \(it is set for branch pushes/,
    ],
    [
      "x-{nope}",
      push,
      /unknown placeholder \{nope\}; the placeholders are \{pr\}, \{branch\}, \{sha\}, \{run_id\}, \{repo\}/,
    ],
    ["{sha}", { ...push, sha: "" }, /\{sha\}, which has no value/],
    ["   ", push, /must not be empty/],
  ] as const)("refuses %j with a message naming the placeholder and event", (template, context, message) => {
    expect(() => expandNameTemplate(template, context, "name")).toThrow(ConfigurationError);
    expect(() => expandNameTemplate(template, context, "name")).toThrow(message);
  });
});

describe("readGitHubContext", () => {
  it("reads the repository, run and event from the runner's variables", () => {
    const context = readGitHubContext({
      GITHUB_REPOSITORY: "acme/web",
      GITHUB_EVENT_NAME: "push",
      GITHUB_SHA: "abc",
      GITHUB_REF: "refs/heads/main",
      GITHUB_RUN_ID: "12",
      GITHUB_EVENT_PATH: "/nonexistent/event.json",
    });
    expect(context).toEqual({
      eventName: "push",
      sha: "abc",
      ref: "refs/heads/main",
      runId: 12,
      repo: { owner: "acme", repo: "web" },
      payload: {},
    });
  });

  it("tells a pull request from a fork", () => {
    const fromFork = { ...pullRequest, payload: { pull_request: { head: { repo: { fork: true } } } } };
    expect(isForkPullRequest(fromFork)).toBe(true);
    expect(isForkPullRequest(pullRequest)).toBe(false);
  });
});
