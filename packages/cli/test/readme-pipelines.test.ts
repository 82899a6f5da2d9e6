import { spawn } from "node:child_process";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  BIN,
  cleanEnv,
  createQueue,
  createSchedule,
  credentialForms,
  emulatorFor,
  parseDotenv,
  secrets,
} from "./cli.ts";

// Every temp folder this file makes, removed when it ends, pass or fail.
afterAll(() => removeTemporaryFolders());

// The root README's GitLab CI and CircleCI examples, parsed and run: each job's script lines in a
// shell, as the CI system would, with its predefined variables, against the emulator. Installing
// the CLI (before_script, npx) is replaced by a `stashkit` on PATH that runs this build; the
// packed-tarball test covers installing it.

const README = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const s = secrets();
let emulator: RunningEmulator;
let shims: string;
const logs: string[] = [];

function yamlAfter(heading: string): Record<string, unknown> {
  const start = README.indexOf(heading);
  if (start < 0) throw new Error(`README has no "${heading}"`);
  const block = /```yaml\n([\s\S]*?)```/.exec(README.slice(start));
  if (!block?.[1]) throw new Error(`no yaml block after "${heading}"`);
  return parse(block[1]) as Record<string, unknown>;
}

function shell(
  shellArgs: string[],
  script: string,
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    // stdin is not a socket: Debian's bash takes a socket for a remote shell and reads ~/.bashrc instead of BASH_ENV.
    const child = spawn(shellArgs[0] ?? "sh", [...shellArgs.slice(1), script], {
      env,
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("close", (code) => {
      logs.push(stdout, stderr);
      resolve({ code: code ?? -1, output: `${stdout}${stderr}` });
    });
  });
}

const indexNames = () => emulator.state.indexes.map((stored) => stored.index.name);

beforeAll(async () => {
  emulator = await emulatorFor(s);
  shims = temporaryFolder("stashkit-shims-");
  writeFileSync(join(shims, "stashkit"), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  // `npx --yes @stashkit/cli@0 …` runs the same build.
  writeFileSync(
    join(shims, "npx"),
    `#!/bin/sh\n[ "$1" = --yes ] && [ "$2" = @stashkit/cli@0 ] || { echo "unexpected npx $*" >&2; exit 127; }\nshift 2\nexec stashkit "$@"\n`,
  );
  chmodSync(join(shims, "stashkit"), 0o755);
  chmodSync(join(shims, "npx"), 0o755);
});
afterAll(() => emulator.stop());

const ciEnv = (extra: Record<string, string>) =>
  cleanEnv({
    PATH: `${shims}:${process.env["PATH"] ?? ""}`,
    CI: "true",
    UPSTASH_EMAIL: s.email,
    UPSTASH_API_KEY: s.apiKey,
    STASHKIT_BASE_URL: emulator.url,
    ...extra,
  });

interface GitLabJob {
  script: string[];
  after_script?: string[];
  rules?: { if: string }[];
  artifacts?: { reports?: { dotenv?: string }; access?: string };
}

describe("the README's GitLab CI pipeline", () => {
  const pipeline = yamlAfter("### GitLab CI") as Record<string, GitLabJob>;
  const job = (name: string): GitLabJob => {
    const found = pipeline[name];
    if (!found?.script) throw new Error(`no job ${name} with a script`);
    return found;
  };
  const run = (name: string, env: Record<string, string>, cwd: string) =>
    shell(["sh", "-e", "-c"], job(name).script.join("\n"), env, cwd);
  const gitlab = {
    GITLAB_CI: "true",
    CI_COMMIT_SHA: "0123456789abcdef0123",
    CI_PIPELINE_ID: "4242",
    CI_PROJECT_PATH: "acme/myapp",
    CI_PROJECT_ID: "77",
  };

  it("creates the merge request's index, hands it on as a dotenv report, and later jobs get it", async () => {
    expect(job("preview-search").rules?.[0]?.if).toContain("merge_request_event");
    const dotenv = job("preview-search").artifacts?.reports?.dotenv ?? "";
    expect(dotenv).not.toBe("");
    const cwd = temporaryFolder("gitlab-job-");
    const env = ciEnv({
      ...gitlab,
      CI_PIPELINE_SOURCE: "merge_request_event",
      CI_MERGE_REQUEST_IID: "5",
      CI_COMMIT_REF_NAME: "feature/search",
    });
    const first = await run("preview-search", env, cwd);
    expect(first.code, first.output).toBe(0);
    expect(indexNames()).toContain("myapp-mr-5");
    expect(statSync(join(cwd, dotenv)).mode & 0o777).toBe(0o600);
    const variables = parseDotenv(readFileSync(join(cwd, dotenv), "utf8"));
    const index = emulator.state.indexes.find((stored) => stored.index.name === "myapp-mr-5")?.index;
    expect(variables["UPSTASH_SEARCH_REST_TOKEN"]).toBe(index?.token);
    // A second pipeline of the same merge request finds the index.
    const again = await run("preview-search", env, temporaryFolder("gitlab-job-"));
    expect(again.code, again.output).toBe(0);
    expect(indexNames().filter((name) => name === "myapp-mr-5")).toHaveLength(1);
    const tests = await run("integration-tests", { ...env, ...variables }, cwd);
    expect(tests.code, tests.output).toBe(0);
    const without = await run("integration-tests", env, cwd);
    expect(without.code).not.toBe(0);
    for (const form of [...credentialForms(s), index?.token ?? "?"])
      expect(first.output + again.output).not.toContain(form);
  });

  it("prunes the indexes of merge requests no longer open, on a schedule", async () => {
    expect(job("prune-search").rules?.[0]?.if).toContain("schedule");
    const cwd = temporaryFolder("gitlab-job-");
    const ensure = (pr: string) =>
      shell(
        ["sh", "-e", "-c"],
        `stashkit search ensure --name "myapp-mr-{pr}" --region eu-west-1`,
        ciEnv({ ...gitlab, CI_MERGE_REQUEST_IID: pr }),
        cwd,
      );
    for (const pr of ["6", "7"]) expect((await ensure(pr)).code).toBe(0);
    const apiToken = `glpat-${s.token}`;
    const asked: string[] = [];
    let open: number[] = [5, 7];
    let failing = true;
    const server: Server = createServer((request, response) => {
      asked.push(`${request.headers["private-token"]} ${request.url}`);
      if (failing) {
        response.statusCode = 500;
        response.end("{}");
        return;
      }
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(open.map((iid) => ({ iid, state: "opened" }))));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const env = ciEnv({
        ...gitlab,
        CI_PIPELINE_SOURCE: "schedule",
        CI_COMMIT_REF_NAME: "main",
        CI_API_V4_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`,
        GITLAB_READ_API_TOKEN: apiToken,
      });
      // The lookup fails: the job fails and nothing is pruned.
      const broken = await run("prune-search", env, cwd);
      expect(broken.code).not.toBe(0);
      expect(
        indexNames()
          .filter((name) => name.startsWith("myapp-mr-"))
          .sort(),
      ).toEqual(["myapp-mr-5", "myapp-mr-6", "myapp-mr-7"]);
      failing = false;
      const pruned = await run("prune-search", env, cwd);
      expect(pruned.code, pruned.output).toBe(0);
      expect(asked.slice(1)).toEqual([
        `${apiToken} /api/v4/projects/77/merge_requests?state=opened&per_page=100`,
      ]);
      expect(
        indexNames()
          .filter((name) => name.startsWith("myapp-mr-"))
          .sort(),
      ).toEqual(["myapp-mr-5", "myapp-mr-7"]);
      // No merge request open: every preview index goes.
      open = [];
      const all = await run("prune-search", env, cwd);
      expect(all.code, all.output).toBe(0);
      expect(indexNames().filter((name) => name.startsWith("myapp-mr-"))).toEqual([]);
      expect(pruned.output + all.output).not.toContain(apiToken);
    } finally {
      server.close();
    }
  });
});

describe("the README's GitLab deploy job", () => {
  const pipeline = yamlAfter("### GitLab CI") as Record<string, GitLabJob>;
  const queues = () => emulator.state.queues;
  const schedules = () => emulator.state.schedules;

  /**
   * GitLab runs `script` in one shell that stops at the first failed line, then `after_script` in
   * a new shell whatever happened, in the same working directory, with CI_JOB_STATUS set. The
   * stand-in deploy.sh writes what it saw paused to during.json, then exits with `deployExitCode`.
   */
  async function runDeploy(deployExitCode: number) {
    const job = pipeline["deploy"];
    if (!job?.after_script) throw new Error("no deploy job with an after_script");
    const cwd = temporaryFolder("gitlab-deploy-");
    const look = [
      'const get = async (path) => (await fetch(process.env.QSTASH_URL + path, { headers: { authorization: "Bearer " + process.env.QSTASH_TOKEN } })).json();',
      'const seen = { orders: (await get("/v2/queues/orders")).paused, digest: (await get("/v2/schedules/digest")).isPaused, cleanup: (await get("/v2/schedules/cleanup")).isPaused };',
      '(await import("node:fs")).writeFileSync("during.json", JSON.stringify(seen));',
    ].join(" ");
    writeFileSync(
      join(cwd, "deploy.sh"),
      `#!/bin/sh\necho deploying\n"${process.execPath}" --input-type=module -e '${look}'\nexit ${deployExitCode}\n`,
    );
    chmodSync(join(cwd, "deploy.sh"), 0o755);
    const env = ciEnv({
      GITLAB_CI: "true",
      CI_COMMIT_BRANCH: "main",
      CI_DEFAULT_BRANCH: "main",
      QSTASH_TOKEN: s.token,
      QSTASH_URL: emulator.url,
    });
    const script = await shell(["sh", "-e", "-c"], job.script.join("\n"), env, cwd);
    emulator.clearRequests();
    const jobStatus = script.code === 0 ? "success" : "failed";
    const after = await shell(
      ["sh", "-e", "-c"],
      job.after_script.join("\n"),
      { ...env, CI_JOB_STATUS: jobStatus },
      cwd,
    );
    const resumedInAfterScript = emulator.requests.some((r) => r.path.endsWith("/resume"));
    for (const form of credentialForms(s)) expect(script.output + after.output).not.toContain(form);
    const during = JSON.parse(readFileSync(join(cwd, "during.json"), "utf8"));
    return { script, after, during, resumedInAfterScript };
  }

  beforeAll(async () => {
    await createQueue(emulator, s, "orders");
    // Paused on purpose before any deploy, by someone else: no deploy may resume it.
    await createQueue(emulator, s, "emails", true);
    await createSchedule(emulator, s, {
      id: "digest",
      destination: `${emulator.url}/hook`,
      label: "deploy-window",
    });
    await createSchedule(emulator, s, { id: "cleanup", destination: `${emulator.url}/hook` });
  });

  it("pauses the queues and the labelled schedule for the deploy, then resumes only what it paused", async () => {
    expect(pipeline["deploy"]?.rules?.[0]?.if).toContain("CI_DEFAULT_BRANCH");
    const { script, after, during, resumedInAfterScript } = await runDeploy(0);
    expect(during).toEqual({ orders: true, digest: true, cleanup: false });
    expect(script.code, script.output).toBe(0);
    expect(script.output).toContain("deploying");
    expect(script.output).toContain("queue orders: resumed");
    // The job succeeded: after_script has nothing left to do.
    expect(after.code, after.output).toBe(0);
    expect(resumedInAfterScript).toBe(false);
    expect(queues()["orders"]?.paused).toBe(false);
    expect(schedules()["digest"]?.isPaused).toBe(false);
    expect(queues()["emails"]?.paused).toBe(true);
  });

  it("resumes in after_script when the deploy failed", async () => {
    const { script, after, during, resumedInAfterScript } = await runDeploy(1);
    expect(during).toEqual({ orders: true, digest: true, cleanup: false });
    expect(script.code).not.toBe(0);
    expect(script.output).not.toContain("resumed");
    expect(after.code, after.output).toBe(0);
    expect(resumedInAfterScript).toBe(true);
    expect(queues()["orders"]?.paused).toBe(false);
    expect(schedules()["digest"]?.isPaused).toBe(false);
    expect(queues()["emails"]?.paused).toBe(true);
  });
});

describe("the README's CircleCI job", () => {
  const config = yamlAfter("### CircleCI") as {
    jobs: Record<string, { steps: { run?: { command: string } }[] }>;
  };

  it("creates the pull request's index and hands it to the later steps through BASH_ENV", async () => {
    const steps =
      config.jobs["preview-search"]?.steps.flatMap((step) => (step.run ? [step.run.command] : [])) ?? [];
    expect(steps.length).toBeGreaterThan(1);
    const cwd = temporaryFolder("circleci-job-");
    const bashEnv = join(cwd, ".bash_env");
    writeFileSync(bashEnv, "");
    const env = ciEnv({
      CIRCLECI: "true",
      CIRCLE_PULL_REQUEST: "https://github.com/acme/myapp/pull/9",
      CIRCLE_BRANCH: "feature/search",
      CIRCLE_SHA1: "fedcba9876543210",
      CIRCLE_BUILD_NUM: "311",
      CIRCLE_PROJECT_REPONAME: "myapp",
      BASH_ENV: bashEnv,
    });
    // CircleCI runs each step in a new `bash -eo pipefail`, which sources BASH_ENV first.
    for (const command of steps) {
      const step = await shell(["bash", "-eo", "pipefail", "-c"], command, env, cwd);
      expect(step.code, `${command}\n${step.output}\n${readFileSync(bashEnv, "utf8")}`).toBe(0);
      for (const form of credentialForms(s)) expect(step.output).not.toContain(form);
    }
    const index = emulator.state.indexes.find((stored) => stored.index.name === "myapp-pr-9")?.index;
    expect(index).toBeDefined();
    expect(readFileSync(bashEnv, "utf8")).toContain(`export UPSTASH_SEARCH_REST_TOKEN='${index?.token}'\n`);
    for (const log of logs) expect(log).not.toContain(index?.token ?? "?");
  });
});
