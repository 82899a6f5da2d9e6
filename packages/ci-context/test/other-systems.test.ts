import { ConfigurationError, expandNameTemplate } from "@stashkit/core";
import { describe, expect, it } from "vitest";
import { type CiRun, detectCiRun } from "../src/index.ts";

const TEMPLATE = "app-{pr}-{branch}-{sha}-{run_id}-{repo}";

function expand(run: CiRun, template = TEMPLATE): string {
  return expandNameTemplate(template, run.values, { whereMissing: run.whereMissing });
}

describe("detectCiRun", () => {
  it("reads a GitLab merge request pipeline", () => {
    const run = detectCiRun({
      GITLAB_CI: "true",
      CI_MERGE_REQUEST_IID: "17",
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: "Feature/Search",
      CI_COMMIT_REF_NAME: "Feature/Search",
      CI_COMMIT_SHA: "0123456789abcdef",
      CI_PIPELINE_ID: "555",
      CI_PROJECT_PATH: "acme/tools/My.App",
    });
    expect(run.system).toBe("GitLab CI");
    expect(expand(run)).toBe("app-17-feature-search-a65c1e-0123456-555-my-app-feaec9");
  });

  it("reads a CircleCI job, taking the pull request number from its URL", () => {
    const run = detectCiRun({
      CIRCLECI: "true",
      CIRCLE_PULL_REQUEST: "https://github.com/acme/app/pull/42",
      CIRCLE_BRANCH: "fix-it",
      CIRCLE_SHA1: "abcdef0123456789",
      CIRCLE_BUILD_NUM: "77",
      CIRCLE_PROJECT_REPONAME: "app",
    });
    expect(expand(run)).toBe("app-42-fix-it-abcdef0-77-app");
  });

  it("reads Buildkite, where a build that is not for a pull request says false", () => {
    const env = {
      BUILDKITE: "true",
      BUILDKITE_PULL_REQUEST: "9",
      BUILDKITE_BRANCH: "main",
      BUILDKITE_COMMIT: "fedcba9876543210",
      BUILDKITE_BUILD_NUMBER: "1234",
      BUILDKITE_REPO: "git@github.com:acme/app.git",
    };
    expect(expand(detectCiRun(env))).toBe("app-9-main-fedcba9-1234-app");
    const push = detectCiRun({ ...env, BUILDKITE_PULL_REQUEST: "false" });
    expect(push.values.pr).toBeUndefined();
    expect(() => expand(push, "app-{pr}")).toThrow(/BUILDKITE_PULL_REQUEST is not set/);
  });

  it("reads Bitbucket Pipelines", () => {
    const run = detectCiRun({
      BITBUCKET_BUILD_NUMBER: "31",
      BITBUCKET_PR_ID: "5",
      BITBUCKET_BRANCH: "topic",
      BITBUCKET_COMMIT: "1111111222222",
      BITBUCKET_REPO_SLUG: "app",
    });
    expect(run.system).toBe("Bitbucket Pipelines");
    expect(expand(run)).toBe("app-5-topic-1111111-31-app");
  });

  it("reads a Jenkins multibranch pull request build and says it has no repository name", () => {
    const run = detectCiRun({
      JENKINS_URL: "https://ci.example/",
      CHANGE_ID: "12",
      BRANCH_NAME: "PR-12",
      CHANGE_BRANCH: "topic",
      GIT_COMMIT: "9999999aaaaaaa",
      BUILD_NUMBER: "8",
    });
    expect(expand(run, "app-{pr}-{branch}-{sha}-{run_id}")).toBe("app-12-topic-9999999-8");
    expect(() => expand(run)).toThrow(/\{repo\}, which has no value on Jenkins \(Jenkins does not give it\)/);
  });

  it("strips the remote from a Jenkins GIT_BRANCH", () => {
    expect(detectCiRun({ JENKINS_URL: "x", GIT_BRANCH: "origin/release/2" }).values.branch).toBe("release/2");
  });

  it("names the variable that was missing, as a ConfigurationError", () => {
    const run = detectCiRun({ GITLAB_CI: "true", CI_COMMIT_REF_NAME: "main" });
    let error: unknown;
    try {
      expand(run, "app-{pr}");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(
      /\{pr\}, which has no value on GitLab CI: CI_MERGE_REQUEST_IID is not set/,
    );
  });

  it("prefers GitHub Actions when its marker is set, and gives no values outside CI", () => {
    expect(detectCiRun({ GITHUB_ACTIONS: "true", GITLAB_CI: "true", GITHUB_SHA: "abcdef1234" }).system).toBe(
      "GitHub Actions",
    );
    const none = detectCiRun({});
    expect(none.values).toEqual({});
    expect(() => expand(none, "app-{branch}")).toThrow(/which has no value outside CI/);
  });
});
