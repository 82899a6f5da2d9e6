import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { isForkPullRequest, readGitHubContext } from "@stashkit/ci-context";
import { AuthenticationError, ConfigurationError } from "@stashkit/core";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { failureLine, runStep } from "../src/failure.ts";
import { escapeMarkdown, markdownTable, readList, readWholeNumber } from "../src/index.ts";
import { attemptTimeoutMs } from "../src/step/limits.ts";

// Every temp folder this file makes, removed when it ends, pass or fail.
afterAll(() => removeTemporaryFolders());

afterEach(() => {
  vi.unstubAllEnvs();
  process.exitCode = undefined;
});

const hints = { credentials: "the token input", credentialInputs: ["token"], forkPullRequest: false };

describe("readGitHubContext", () => {
  it("reads the run from the runner's variables and event file", () => {
    const dir = temporaryFolder("ctx-");
    const eventPath = join(dir, "event.json");
    writeFileSync(
      eventPath,
      JSON.stringify({ number: 5, pull_request: { number: 5, head: { repo: { fork: true } } } }),
    );
    const context = readGitHubContext({
      GITHUB_REPOSITORY: "acme/shop",
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: "abc",
      GITHUB_REF: "refs/pull/5/merge",
      GITHUB_RUN_ID: "99",
    });
    expect(context).toMatchObject({
      eventName: "pull_request",
      sha: "abc",
      runId: 99,
      repo: { owner: "acme", repo: "shop" },
    });
    expect(context.payload.pull_request?.number).toBe(5);
    expect(isForkPullRequest(context)).toBe(true);
  });

  it("tolerates a missing or unreadable event file", () => {
    const dir = temporaryFolder("ctx-");
    writeFileSync(join(dir, "bad.json"), "{not json");
    expect(readGitHubContext({ GITHUB_EVENT_PATH: join(dir, "bad.json") }).payload).toEqual({});
    expect(readGitHubContext({}).payload).toEqual({});
    expect(isForkPullRequest(readGitHubContext({ GITHUB_EVENT_NAME: "push" }))).toBe(false);
  });
});

describe("failureLine", () => {
  it("adds advice after an authentication failure, with a sentence break", () => {
    const error = new AuthenticationError("list queues: GET /v2/queues answered 401: Unauthorized", {
      status: 401,
    });
    expect(failureLine("resume-queue", error, hints)).toBe(
      "resume-queue: list queues: GET /v2/queues answered 401: Unauthorized. Check the token input.",
    );
  });

  it("explains an empty credential, differently on a fork's pull request", () => {
    const error = new ConfigurationError("token", "input token is empty and QSTASH_TOKEN is not set");
    expect(failureLine("a", error, hints)).toBe(
      "a: input token is empty and QSTASH_TOKEN is not set. Pass it as an input or set the token input.",
    );
    expect(failureLine("a", error, { ...hints, forkPullRequest: true })).toMatch(
      /GitHub does not pass secrets to its workflows\.$/,
    );
  });

  it("describes a thrown value that is not an Error", () => {
    expect(failureLine("a", "just a string", hints)).toBe("a: non-error thrown: just a string");
  });
});

describe("runStep", () => {
  it("fails the step with exit code 1 whatever is thrown", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      await runStep(
        "a",
        () => Promise.reject(42),
        () => hints,
      );
      expect(process.exitCode).toBe(1);
      expect(write.mock.calls.map((c) => String(c[0])).join("")).toContain(
        "::error::a: non-error thrown: 42",
      );
    } finally {
      write.mockRestore();
    }
  });

  it("leaves a successful step alone", async () => {
    await runStep(
      "a",
      async () => {},
      () => hints,
    );
    expect(process.exitCode).toBeUndefined();
  });
});

describe("inputs", () => {
  it("splits lists on newlines and commas and keeps each once", () => {
    vi.stubEnv("INPUT_QUEUE-NAME", "a,\n b ,a,,c");
    expect(readList("queue-name")).toEqual(["a", "b", "c"]);
  });

  it("reads whole numbers within bounds", () => {
    vi.stubEnv("INPUT_N", "7");
    expect(readWholeNumber("n", 1, 1, 10)).toBe(7);
    vi.stubEnv("INPUT_N", "1e3");
    expect(() => readWholeNumber("n", 1, 1, 10)).toThrow(
      'input n must be a whole number from 1 to 10; got "1e3"',
    );
  });
});

describe("markdownTable", () => {
  it("escapes pipes, newlines and markup in cells", () => {
    expect(markdownTable(["a", "b"], [["x|y", "line\n<b>"]])).toBe(
      "| a | b |\n| --- | --- |\n| x\\|y | line \\<b\\> |",
    );
  });

  it("renders a hostile server value as text: no image, link, tag, new row or block", () => {
    const hostile = "![x](https://evil.example/t.png)\r| injected | row |\n> [!CAUTION]\r\n<img src=x>";
    const cell = escapeMarkdown(hostile);
    expect(cell).not.toMatch(/[\r\n]/);
    // Every markup character is preceded by a backslash.
    expect(cell).not.toMatch(/(^|[^\\])[![\]()|<>]/);
    expect(cell).toBe(
      "\\!\\[x\\]\\(https://evil.example/t.png\\) \\| injected \\| row \\| \\> \\[\\!CAUTION\\] \\<img src=x\\>",
    );
    expect(markdownTable(["id"], [[hostile]]).split("\n")).toHaveLength(3);
  });
});

describe("attemptTimeoutMs", () => {
  it("shares the step's limit between attempts, between 1 and 30 s", () => {
    expect(attemptTimeoutMs({ timeoutSeconds: 120, maxAttempts: 5 })).toBe(24_000);
    expect(attemptTimeoutMs({ timeoutSeconds: 600, maxAttempts: 5 })).toBe(30_000);
    expect(attemptTimeoutMs({ timeoutSeconds: 2, maxAttempts: 5 })).toBe(1_000);
  });
});
