import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workflowViolations } from "../lib/workflow-policy.ts";

const SHA = "08c6903cd8c0fde910a37f88322edcfb5dd907a8";
// biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a JavaScript template
const WITH_SECRET = 'with: { queue-name: q, token: "${{ secrets.QSTASH_TOKEN }}" }';
const good = `
on: { push: { branches: [main] }, pull_request: {} }
permissions: { contents: read }
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@${SHA} # v5
        with: { persist-credentials: false }
      - uses: ./actions/resume-queue
        with: { queue-name: q }
`;
const WRITES = "permissions: { contents: write }\n    runs-on: ubuntu-latest";
const ON_MAIN =
  '      - run: git merge-base --is-ancestor "$GITHUB_SHA" origin/main\n      - uses: ./actions/resume-queue';

describe("workflowViolations", () => {
  it("accepts a workflow that follows the rules", () => {
    expect(workflowViolations("good.yml", good)).toEqual([]);
  });

  it.each([
    [
      "write-all permissions",
      good.replace("permissions: { contents: read }", "permissions: write-all"),
      /top-level permissions/,
    ],
    ["no permissions", good.replace("permissions: { contents: read }\n", ""), /top-level permissions/],
    [
      "an action pinned by tag",
      good.replace(`checkout@${SHA}`, "checkout@v5"),
      /actions\/checkout@v5 is not pinned/,
    ],
    ["a short SHA", good.replace(`checkout@${SHA}`, "checkout@08c6903"), /not pinned by a full commit SHA/],
    [
      "checkout of the head under pull_request_target",
      good
        .replace("pull_request: {}", "pull_request_target: {}")
        .replace(
          `checkout@${SHA} # v5\n        with: { persist-credentials: false }`,
          `checkout@${SHA}\n        with: { persist-credentials: false, ref: "\${{ github.event.pull_request.head.sha }}" }`,
        ),
      /checks out the pull request's code under pull_request_target/,
    ],
    [
      "a docker:// image by tag",
      good.replace(
        "- uses: ./actions/resume-queue",
        "- uses: docker://alpine:3.20\n      - uses: ./actions/resume-queue",
      ),
      /docker:\/\/alpine:3\.20 is not pinned by an image digest/,
    ],
    [
      "a docker:// image without a tag or digest",
      good.replace(
        "- uses: ./actions/resume-queue",
        "- uses: docker://ghcr.io/acme/tool\n      - uses: ./actions/resume-queue",
      ),
      /docker:\/\/ghcr\.io\/acme\/tool is not pinned by an image digest/,
    ],
    [
      "a publish outside an environment",
      good.replace(
        "        with: { queue-name: q }",
        "        with: { queue-name: q }\n      - run: pnpm --filter @stashkit/core publish --provenance",
      ),
      /job test: publishes packages outside a protected environment/,
    ],
    [
      "a checkout that keeps the token",
      good.replace("        with: { persist-credentials: false }\n", ""),
      /job test: actions\/checkout keeps the token in \.git\/config/,
    ],
    [
      "contents: write outside an environment",
      good.replace("runs-on: ubuntu-latest", WRITES).replace("      - uses: ./actions/resume-queue", ON_MAIN),
      /job test: has contents: write outside a protected environment/,
    ],
    [
      "contents: write without the on-main check",
      good.replace("runs-on: ubuntu-latest", `${WRITES}\n    environment: release`),
      /job test: has contents: write without checking that the tag's commit is on main/,
    ],
    [
      "secrets in a job forks trigger",
      good.replace("with: { queue-name: q }", WITH_SECRET),
      /uses secrets in a job that pull requests from forks trigger/,
    ],
  ])("reports %s", (_case, text, message) => {
    const violations = workflowViolations("bad.yml", text);
    expect(
      violations.some((v) => message.test(v)),
      violations.join("\n"),
    ).toBe(true);
  });

  it("accepts a docker:// image pinned by digest and a publish inside an environment", () => {
    const pinned = good
      .replace(
        "- uses: ./actions/resume-queue",
        `- uses: docker://alpine@sha256:${"a".repeat(64)}\n      - uses: ./actions/resume-queue`,
      )
      .replace("runs-on: ubuntu-latest", "runs-on: ubuntu-latest\n    environment: npm")
      .replace(
        "        with: { queue-name: q }",
        "        with: { queue-name: q }\n      - run: npm publish",
      );
    expect(workflowViolations("pinned.yml", pinned)).toEqual([]);
  });

  it("accepts contents: write in an environment, after the on-main check", () => {
    const gated = good
      .replace("runs-on: ubuntu-latest", `${WRITES}\n    environment: release`)
      .replace("      - uses: ./actions/resume-queue", ON_MAIN);
    expect(workflowViolations("gated.yml", gated)).toEqual([]);
  });

  it("allows secrets behind a same-repository guard", () => {
    const guarded = good
      .replace(
        "runs-on: ubuntu-latest",
        "runs-on: ubuntu-latest\n    if: github.event.pull_request.head.repo.full_name == github.repository",
      )
      .replace("with: { queue-name: q }", WITH_SECRET);
    expect(workflowViolations("guarded.yml", guarded)).toEqual([]);
  });

  it("finds nothing wrong with the repository's own workflows", () => {
    const dir = join(import.meta.dirname, "../../.github/workflows");
    for (const file of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))) {
      expect(workflowViolations(file, readFileSync(join(dir, file), "utf8"))).toEqual([]);
    }
  });
});
