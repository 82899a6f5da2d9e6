import { readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiEnv,
  type CliRun,
  createQueue,
  createSchedule,
  credentialForms,
  emulatorFor,
  parseDotenv,
  publishUnderKey,
  runCli,
  secrets,
} from "./cli.ts";

// Every temp folder this file makes, removed when it ends, pass or fail.
afterAll(() => removeTemporaryFolders());

const s = secrets();
let emulator: RunningEmulator;
let dir: string;
/** Every run whose output may carry no secret at all: the leak scan at the end reads them all. */
const scanned: CliRun[] = [];
/** Index tokens the emulator handed out; text and default json must never print them either. */
const indexTokens = new Set<string>();

beforeAll(async () => {
  emulator = await emulatorFor(s);
  dir = temporaryFolder("stashkit-cli-");
});
afterAll(() => emulator.stop());

async function cli(args: string[], extra: Record<string, string> = {}, scan = true): Promise<CliRun> {
  const run = await runCli(args, apiEnv(emulator, s, extra));
  if (scan) scanned.push(run);
  return run;
}

const indexes = () => emulator.state.indexes.map((stored) => stored.index);
const search = (sub: string, ...args: string[]) => ["search", sub, "--base-url", emulator.url, ...args];

function rememberTokens() {
  for (const index of indexes()) {
    indexTokens.add(index.token);
    indexTokens.add(index.read_only_token);
  }
}

/** The heredoc form of GITHUB_OUTPUT: name<<DELIMITER, the value, DELIMITER. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1] ?? ""] = match[3] ?? "";
  return outputs;
}

describe("help and version", () => {
  it.each([
    [[]],
    [["search"]],
    [["search", "ensure"]],
    [["queues"]],
    [["search", "delete"]],
    [["search", "prune"]],
    [["search", "list"]],
    [["search", "seed"]],
    [["search", "clone"]],
    [["search", "indexes"]],
    [["queues", "resume"]],
    [["queues", "pause"]],
    [["queues", "create"]],
    [["queues", "list"]],
    [["queues", "delete"]],
  ])("stashkit %j --help shows examples and exits 0", async (path) => {
    const run = await cli([...path, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: stashkit/);
    expect(run.stdout).toContain("Examples:\n  $ stashkit");
  });

  it("prints the package version", async () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    const run = await cli(["--version"]);
    expect(run).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
  });

  it("with no command prints the whole help, as --help does, on stderr and exits 2", async () => {
    const run = await cli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Usage: stashkit");
    expect(run.stderr).toBe((await cli(["--help"])).stdout);
  });

  it.each([["pause"], ["resume"]])(
    "queues %s --help shows no empty default for its repeatable flags",
    async (sub) => {
      const run = await cli(["queues", sub, "--help"]);
      expect(run.stdout).toContain("--destination-prefix <prefix>");
      expect(run.stdout).not.toContain("(default: [])");
    },
  );
});

describe("search ensure", () => {
  it("creates, then finds the same index, in text and json", async () => {
    const first = await cli(search("ensure", "--name", "app-pr-{pr}", "--pr", "7", "--region", "eu-west-1"));
    expect(first.code).toBe(0);
    // The emulator gives the endpoint as its data plane's URL, the rest-url the command prints.
    expect(first.stdout).toMatch(
      /^Search index app-pr-7 \(\S+\) created: eu-west-1, free, http:\/\/127\.0\.0\.1:\d+\/search\//,
    );
    const second = await cli(
      search("ensure", "--name", "app-pr-7", "--region", "eu-west-1", "--format", "json"),
    );
    expect(second.code).toBe(0);
    const doc = JSON.parse(second.stdout);
    expect(doc).toMatchObject({ name: "app-pr-7", created: false, region: "eu-west-1", type: "free" });
    expect(first.stdout).toContain(`(${doc.id})`);
    expect(doc).not.toHaveProperty("token");
    expect(doc).not.toHaveProperty("readOnlyToken");
    rememberTokens();
  });

  it("fills {pr} and {branch} from a GitLab merge request pipeline", async () => {
    const run = await cli(search("ensure", "--name", "gl-{pr}-{branch}", "--format", "json"), {
      GITLAB_CI: "true",
      CI_MERGE_REQUEST_IID: "31",
      CI_COMMIT_REF_NAME: "Feature/Login",
    });
    expect(run.code).toBe(0);
    // The branch was sanitised (feature/login → feature-login), so the name carries a hash suffix.
    expect(JSON.parse(run.stdout).name).toMatch(/^gl-31-feature-login-[0-9a-f]{6}$/);
    rememberTokens();
  });

  it("writes tokens only to --output-file, created 0600, in dotenv", async () => {
    const file = join(dir, "search.env");
    const run = await cli(
      search(
        "ensure",
        "--name",
        "app-pr-7",
        "--region",
        "eu-west-1",
        "--format",
        "dotenv",
        "--output-file",
        file,
      ),
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const env = parseDotenv(readFileSync(file, "utf8"));
    const index = indexes().find((i) => i.name === "app-pr-7");
    expect(env).toMatchObject({
      UPSTASH_SEARCH_INDEX_NAME: "app-pr-7",
      UPSTASH_SEARCH_INDEX_ID: index?.id,
      UPSTASH_SEARCH_REST_TOKEN: index?.token,
      UPSTASH_SEARCH_REST_READONLY_TOKEN: index?.read_only_token,
    });
    // The ensure-search-index action's outputs, by core's names: the same fields in both.
    const { ENSURE_RESULT_FIELDS } = await import("@stashkit/core/internal");
    expect(Object.keys(env).sort()).toEqual(ENSURE_RESULT_FIELDS.map((f) => f.env).sort());
    expect(env["UPSTASH_SEARCH_INDEX_REGION"]).toBe("eu-west-1");
  });

  it("makes an existing --output-file 0600 too, in json, with tokens", async () => {
    const file = join(dir, "open.json");
    writeFileSync(file, "old", { mode: 0o644 });
    const run = await cli(
      search(
        "ensure",
        "--name",
        "app-pr-7",
        "--region",
        "eu-west-1",
        "--format",
        "json",
        "--output-file",
        file,
      ),
    );
    expect(run.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8")).token).toBe(
      indexes().find((i) => i.name === "app-pr-7")?.token,
    );
  });

  it("leaves tokens out of dotenv on stdout and says so; --show-secrets puts them in with a warning", async () => {
    const plain = await cli(
      search("ensure", "--name", "app-pr-7", "--region", "eu-west-1", "--format", "dotenv"),
    );
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("UPSTASH_SEARCH_INDEX_NAME=app-pr-7\n");
    expect(plain.stdout).not.toContain("TOKEN");
    expect(plain.stderr).toContain("UPSTASH_SEARCH_REST_TOKEN, UPSTASH_SEARCH_REST_READONLY_TOKEN left out");
    const shown = await cli(
      search("ensure", "--name", "app-pr-7", "--region", "eu-west-1", "--format", "json", "--show-secrets"),
      {},
      false,
    );
    expect(JSON.parse(shown.stdout).token).toBe(indexes().find((i) => i.name === "app-pr-7")?.token);
    expect(shown.stderr).toContain("--show-secrets prints tokens to stdout, and CI logs keep stdout");
    for (const form of credentialForms(s)) expect(shown.stdout + shown.stderr).not.toContain(form);
  });

  it("with --format github masks the tokens first, then appends outputs to GITHUB_OUTPUT", async () => {
    const file = join(dir, "github-output");
    writeFileSync(file, "");
    const run = await cli(
      search("ensure", "--name", "app-pr-7", "--region", "eu-west-1", "--format", "github"),
      { GITHUB_OUTPUT: file },
      false,
    );
    expect(run.code).toBe(0);
    const index = indexes().find((i) => i.name === "app-pr-7");
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, 2)).toEqual([
      `::add-mask::${index?.token}`,
      `::add-mask::${index?.read_only_token}`,
    ]);
    expect(lines.slice(2).join("\n")).not.toContain(index?.token ?? "?");
    expect(parseOutputs(readFileSync(file, "utf8"))).toMatchObject({
      name: "app-pr-7",
      id: index?.id,
      token: index?.token,
      "read-only-token": index?.read_only_token,
    });
  });

  it("ten concurrent processes agree on one index", async () => {
    emulator.settings.createDelayMs = 150;
    try {
      const runs = await Promise.all(
        Array.from({ length: 10 }, () => cli(search("ensure", "--name", "raced", "--format", "json"))),
      );
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const answers = runs.map((run) => JSON.parse(run.stdout));
      const ids = new Set(answers.map((answer) => answer.id));
      expect(ids.size, JSON.stringify(answers)).toBe(1);
      expect(
        indexes()
          .filter((i) => i.name === "raced")
          .map((i) => i.id),
      ).toEqual([...ids]);
    } finally {
      emulator.settings.createDelayMs = 0;
    }
    rememberTokens();
  });

  it("fails with one line and a credentials hint on a wrong key, exit 1", async () => {
    const run = await cli(search("ensure", "--name", "x"), { UPSTASH_API_KEY: `${s.apiKey}-wrong` });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("answered 401");
    expect(run.stderr).toContain("Check UPSTASH_EMAIL and UPSTASH_API_KEY");
    expect(run.stderr).not.toContain(`${s.apiKey}-wrong`);
  });

  it("holds every attempt to --timeout-seconds: a hanging API fails the command within it, exit 1", async () => {
    emulator.inject("GET /v2/search", { kind: "hang" }, { kind: "hang" }, { kind: "hang" });
    try {
      const run = await cli(search("ensure", "--name", "slow", "--timeout-seconds", "2"));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: stashkit search ensure: .*(deadline|time)/i);
    } finally {
      emulator.clearFaults();
    }
  });
});

describe("search delete, prune and list", () => {
  it("lists by pattern in text and json", async () => {
    await cli(search("ensure", "--name", "pr-1"));
    await cli(search("ensure", "--name", "pr-2"));
    await cli(search("ensure", "--name", "pr-3"));
    rememberTokens();
    const text = await cli(search("list", "--pattern", "pr-{pr}"));
    expect(text.code).toBe(0);
    // Aligned columns under a header, the age last (the indexes were made a moment ago).
    expect(text.stdout).toMatch(/^NAME {2}ID +REGION {7}PLAN {2}AGE\n/);
    expect(text.stdout).toMatch(/^pr-1 {2}\S+ {2}us-central1 {2}free {2}\d+s$/m);
    expect(text.stdout).toContain("3 search indexes matching pr-{pr}.");
    const json = JSON.parse((await cli(search("list", "--pattern", "pr-{pr}", "--format", "json"))).stdout);
    expect(json.indexes.map((i: { name: string }) => i.name).sort()).toEqual(["pr-1", "pr-2", "pr-3"]);
    expect(json.indexes[0]).not.toHaveProperty("token");
  });

  it("prune --open 1 2 --dry-run deletes nothing and names what it would delete", async () => {
    const run = await cli(search("prune", "--pattern", "pr-{pr}", "--open", "1", "2", "--dry-run"));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pr-3 \(\S+\) would be deleted: closed$/m);
    expect(run.stdout).toMatch(/^pr-1 \(\S+\) kept$/m);
    expect(indexes().filter((i) => i.name.startsWith("pr-"))).toHaveLength(3);
  });

  it("prune --open-from github: asks GitHub about the candidates' pull requests, keeping one it does not show", async () => {
    const githubToken = `ghs_${s.token}`;
    const seen: string[] = [];
    // GitHub's GraphQL answer: #1 open, #2 closed, #3 not shown (null, with a NOT_FOUND error).
    const server: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const { query, variables } = JSON.parse(Buffer.concat(chunks).toString());
        const asked = [...String(query).matchAll(/(pr\d+): pullRequest\(number: (\d+)\)/g)];
        seen.push(
          `${request.headers.authorization} ${request.url} ${variables.owner}/${variables.repo} ${asked.map((a) => a[2]).join(",")}`,
        );
        const states: Record<string, string> = { "1": "OPEN", "2": "CLOSED" };
        const repository = Object.fromEntries(
          asked.map(([, alias, n]) => [alias, states[n ?? ""] ? { state: states[n ?? ""] } : null]),
        );
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ data: { repository }, errors: [{ type: "NOT_FOUND" }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const run = await cli(
        search("prune", "--pattern", "pr-{pr}", "--open-from", "github:acme/app", "--format", "json"),
        { GITHUB_TOKEN: githubToken, GITHUB_API_URL: `http://127.0.0.1:${port}` },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).deleted.map((d: { name: string }) => d.name)).toEqual(["pr-2"]);
      expect(run.stderr).toContain("warning: pull request #3 for pr-3 was not found; keeping the index");
      expect(seen).toEqual([`token ${githubToken} /graphql acme/app 1,2,3`]);
      expect(run.stdout + run.stderr).not.toContain(githubToken);
    } finally {
      server.close();
    }
  });

  it("prune --open-from github: stops at --timeout-seconds when GitHub never answers, deleting nothing", async () => {
    const hung: Server = createServer(() => {
      // Accepts the request and never answers.
    });
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = hung.address() as AddressInfo;
      const before = indexes().length;
      const run = await cli(
        // The listing must finish before the limit, for the limit to fall on the GitHub lookup.
        search("prune", "--pattern", "pr-{pr}", "--open-from", "github:acme/app", "--timeout-seconds", "5"),
        { GITHUB_TOKEN: "ghs_hung", GITHUB_GRAPHQL_URL: `http://127.0.0.1:${port}/graphql` },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("did not finish before the time limit; nothing was pruned");
      expect(indexes()).toHaveLength(before);
    } finally {
      hung.closeAllConnections();
      hung.close();
    }
  });

  it("prune deletes what is not open; delete by name and by id", async () => {
    const run = await cli(search("prune", "--pattern", "pr-{pr}", "--open", "3"));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("1 search index deleted, 1 kept.");
    expect(
      indexes()
        .filter((i) => i.name.startsWith("pr-"))
        .map((i) => i.name),
    ).toEqual(["pr-3"]);
    const byName = await cli(search("delete", "--name", "pr-3", "--format", "json"));
    expect(JSON.parse(byName.stdout).deleted).toHaveLength(1);
    const id = indexes().find((i) => i.name === "raced")?.id ?? "?";
    const byId = await cli(search("delete", "--id", id));
    expect(byId).toMatchObject({ code: 0, stdout: `${id} deleted\n1 search index deleted.\n` });
    expect(indexes().some((i) => i.id === id)).toBe(false);
    const again = await cli(search("delete", "--id", id, "--format", "dotenv"));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("STASHKIT_DELETED_COUNT=1\n");
  });
});

describe("queues", () => {
  it("resumes queues, in text and json; a missing one fails unless warn (or ignore)", async () => {
    await createQueue(emulator, s, "orders", true);
    await createQueue(emulator, s, "emails", true);
    const text = await cli(["queues", "resume", "orders"]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe("queue orders: resumed (paused: false, lag: 0)\n");
    expect(emulator.state.queues["orders"]?.paused).toBe(false);
    const resumed = await cli(["queues", "resume", "orders,emails", "--format", "json"]);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout).resumed).toEqual(["orders", "emails"]);
    expect(emulator.state.queues["emails"]?.paused).toBe(false);
    const missing = await cli(["queues", "resume", "orders", "ghost"]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("queue ghost: not found");
    expect(missing.stderr).toContain("error: stashkit queues resume: not found: queue ghost");
    const skipped = await cli([
      "queues",
      "resume",
      "orders",
      "ghost",
      "--if-missing",
      "warn",
      "--format",
      "dotenv",
    ]);
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toBe(
      // A JSON value is single-quoted, so a shell reads it as dotenv does.
      'STASHKIT_RESUMED=orders\nSTASHKIT_RESUMED_TARGETS=\'[{"kind":"queue","name":"orders"}]\'\nSTASHKIT_COUNT=1\n',
    );
    expect(skipped.stderr).toContain("warning: queue ghost not found; skipped");
    const ignored = await cli(["queues", "resume", "orders", "ghost", "--if-missing", "ignore"]);
    expect(ignored.code).toBe(0);
    expect(ignored.stderr).toBe("");
  });

  it("still takes --if-missing skip, as warn, with a deprecation warning (the actions' words)", async () => {
    await createQueue(emulator, s, "legacy", true);
    const run = await cli(["queues", "resume", "legacy", "ghost", "--if-missing", "skip"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      "warning: --if-missing skip is deprecated and will be removed; use warn, which does the same",
    );
    expect(run.stderr).toContain("warning: queue ghost not found; skipped");
  });

  it("pauses queues, schedules and flow-control keys for a deploy, then resumes only what it paused", async () => {
    const receiver = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      await createQueue(emulator, s, "billing");
      await createQueue(emulator, s, "audit", true);
      await createSchedule(emulator, s, { id: "nightly", destination: hook, label: "deploy-window" });
      await createSchedule(emulator, s, { id: "hourly", destination: hook });
      await publishUnderKey(emulator, s, hook, "payments");

      const file = join(dir, "paused.env");
      // Names after the flags: each flag takes one value, so they stay queue names.
      const args = [
        "--schedule-label",
        "deploy-window",
        "--flow-control-key",
        "payments",
        "billing",
        "audit",
      ];
      const pause = await cli(["queues", "pause", ...args, "--format", "dotenv", "--output-file", file]);
      expect(pause.code, pause.stderr).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const env = parseDotenv(readFileSync(file, "utf8"));
      expect(JSON.parse(env["STASHKIT_PAUSED"] ?? "")).toEqual([
        { kind: "queue", name: "billing" },
        { kind: "schedule", name: "nightly" },
        { kind: "flow-control-key", name: "payments" },
      ]);
      expect(JSON.parse(env["STASHKIT_ALREADY_PAUSED"] ?? "")).toEqual([{ kind: "queue", name: "audit" }]);
      expect(env["STASHKIT_COUNT"]).toBe("3");
      expect(emulator.state.queues["billing"]?.paused).toBe(true);
      expect(emulator.state.schedules["nightly"]?.isPaused).toBe(true);
      expect(emulator.state.schedules["hourly"]?.isPaused).toBe(false);

      const again = await cli(["queues", "pause", ...args]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout.split("\n")).toEqual([
        "queue billing: already paused; left alone",
        "queue audit: already paused; left alone",
        "schedule nightly: already paused; left alone",
        "flow-control key payments: already paused; left alone",
        "",
      ]);

      emulator.clearRequests();
      const resume = await cli([
        "queues",
        "resume",
        "--only-if-paused-by",
        env["STASHKIT_PAUSED"] ?? "",
        "--format",
        "json",
      ]);
      expect(resume.code, resume.stderr).toBe(0);
      const resumed = JSON.parse(resume.stdout);
      expect(resumed.resumed).toEqual(["billing"]);
      expect(resumed.resumedTargets).toHaveLength(3);
      expect(emulator.state.queues["billing"]?.paused).toBe(false);
      expect(emulator.state.schedules["nightly"]?.isPaused).toBe(false);
      expect(emulator.state.queues["audit"]?.paused).toBe(true);
      // Exactly the three it paused; nothing about audit, which was paused before.
      expect(emulator.requests.some((r) => r.path.includes("audit"))).toBe(false);
      expect(
        emulator.requests.filter((r) => r.method === "POST" && r.path.endsWith("/resume")).map((r) => r.path),
      ).toEqual(
        expect.arrayContaining([
          "/v2/queues/billing/resume",
          "/v2/schedules/nightly/resume",
          "/v2/flowControl/payments/resume",
        ]),
      );
      expect(emulator.requests.filter((r) => r.method === "POST")).toHaveLength(3);

      emulator.clearRequests();
      const nothing = await cli(["queues", "resume", "--only-if-paused-by", "[]"]);
      expect(nothing.code, nothing.stderr).toBe(0);
      expect(nothing.stdout).toBe("nothing to resume\n");
      expect(emulator.requests).toEqual([]);
    } finally {
      receiver.close();
    }
  });

  it("with --format github writes the pause-queue action's outputs to GITHUB_OUTPUT, for a later resume step", async () => {
    await createQueue(emulator, s, "ledger");
    const file = join(dir, "pause-github-output");
    writeFileSync(file, "");
    const run = await cli(["queues", "pause", "ledger", "--format", "github"], { GITHUB_OUTPUT: file });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("queue ledger: paused (lag: 0)\n");
    const outputs = parseOutputs(readFileSync(file, "utf8"));
    expect(JSON.parse(outputs["paused"] ?? "")).toEqual([{ kind: "queue", name: "ledger" }]);
    expect(outputs["already-paused"]).toBe("[]");
    expect(outputs["count"]).toBe("1");
    const resume = await cli(["queues", "resume", "--only-if-paused-by", outputs["paused"] ?? ""]);
    expect(resume.code, resume.stderr).toBe(0);
    expect(emulator.state.queues["ledger"]?.paused).toBe(false);
  });

  it("fails a schedule label that matches nothing unless skipped, after pausing the rest", async () => {
    await createQueue(emulator, s, "reports");
    const run = await cli(["queues", "pause", "reports", "--schedule-label", "nope"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("schedules labelled nope: not found");
    expect(run.stderr).toContain("error: stashkit queues pause: not found: schedules labelled nope");
    expect(emulator.state.queues["reports"]?.paused).toBe(true);
    const skipped = await cli([
      "queues",
      "resume",
      "reports",
      "--schedule-label",
      "nope",
      "--if-missing",
      "skip",
    ]);
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stderr).toContain("warning: schedules labelled nope not found; skipped");
    expect(emulator.state.queues["reports"]?.paused).toBe(false);
  });
});

describe("usage errors", () => {
  const bad: [string, string[], Record<string, string>?][] = [
    ["an unknown flag", ["search", "ensure", "--name", "x", "--bogus"]],
    ["an unknown command", ["search", "explode"]],
    ["a missing --name", ["search", "ensure"]],
    ["a bad --region", ["search", "ensure", "--name", "x", "--region", "mars"]],
    ["a bad --type", ["search", "ensure", "--name", "x", "--type", "gold"]],
    ["a bad --on-mismatch", ["search", "ensure", "--name", "x", "--on-mismatch", "ignore"]],
    ["a bad --format", ["search", "list", "--format", "xml"]],
    ["--format github without GITHUB_OUTPUT", ["search", "list", "--format", "github"]],
    ["a bad --timeout-seconds", ["search", "list", "--timeout-seconds", "0"]],
    ["a bad --max-attempts", ["search", "list", "--max-attempts", "many"]],
    ["a bad --base-url", ["search", "list", "--base-url", "ftp://x"]],
    ["a placeholder without value", ["search", "ensure", "--name", "app-{pr}"]],
    ["both --name and --id", ["search", "delete", "--name", "a", "--id", "b"]],
    ["a bad --id", ["search", "delete", "--id", "../etc"]],
    ["a pattern without placeholder", ["search", "prune", "--pattern", "fixed", "--open", "1"]],
    ["no --open", ["search", "prune", "--pattern", "pr-{pr}"]],
    ["a non-number in --open", ["search", "prune", "--pattern", "pr-{pr}", "--open", "1", "two"]],
    ["a bad --open-from", ["search", "prune", "--pattern", "pr-{pr}", "--open-from", "gitlab:x/y"]],
    [
      "--open-from without GITHUB_TOKEN",
      ["search", "prune", "--pattern", "pr-{pr}", "--open-from", "github:a/b"],
    ],
    ["a bad --pattern", ["search", "list", "--pattern", "x-{nope}"]],
    ["a bad queue name", ["queues", "resume", "bad name!"]],
    ["no queue at all", ["queues", "resume"]],
    ["a bad --if-missing", ["queues", "resume", "orders", "--if-missing", "maybe"]],
    ["a bad --messaging-url", ["queues", "resume", "orders", "--messaging-url", "not a url"]],
    ["nothing to pause", ["queues", "pause"]],
    ["a bad --flow-control-key", ["queues", "pause", "--flow-control-key", "a key"]],
    ["a bad --schedule-id", ["queues", "pause", "--schedule-id", "../x"]],
    ["a bad --schedule-label", ["queues", "pause", "--schedule-label", "night ly"]],
    ["--only-if-paused-by that is not JSON", ["queues", "resume", "--only-if-paused-by", "orders"]],
    [
      "--only-if-paused-by with an unknown kind",
      ["queues", "resume", "--only-if-paused-by", '[{"kind":"topic","name":"x"}]'],
    ],
    ["--only-if-paused-by and names", ["queues", "resume", "orders", "--only-if-paused-by", "[]"]],
    ["--only-if-paused-by on pause", ["queues", "pause", "--only-if-paused-by", "[]"]],
    ["no API key", ["search", "list"], { UPSTASH_API_KEY: "" }],
    ["no token", ["queues", "resume", "orders"], { QSTASH_TOKEN: "" }],
    ["--quiet with --verbose", ["search", "list", "--quiet", "--verbose"]],
    ["a bad emulator --port", ["emulator", "--port", "http"]],
  ];

  it.each(bad)("%s exits 2 with one error line and sends nothing", async (_what, args, extra) => {
    emulator.clearRequests();
    const withUrl =
      args[0] === "search" && !args.includes("--base-url") ? [...args, "--base-url", emulator.url] : args;
    const run = await cli(withUrl, extra ?? {});
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^error: /);
    expect(emulator.requests).toEqual([]);
  });

  it("colours the error and warning prefixes with FORCE_COLOR, and only them; NO_COLOR keeps them plain", async () => {
    const coloured = await cli(search("ensure", "--name", "x", "--region", "mars"), { FORCE_COLOR: "1" });
    expect(coloured.code).toBe(2);
    expect(
      coloured.stderr.startsWith(
        "\u001b[31merror:\u001b[39m stashkit search ensure: --region must be one of",
      ),
      coloured.stderr,
    ).toBe(true);
    expect(coloured.stderr).not.toContain("\\e[");
    const plain = await cli(search("ensure", "--name", "x", "--region", "mars"), { NO_COLOR: "1" });
    expect(plain.stderr).toMatch(/^error: stashkit search ensure: --region/);
    expect(plain.stderr).not.toContain("\u001b");
  });

  it("names the flag to pass when a placeholder has no value in this CI system", async () => {
    const run = await cli(search("ensure", "--name", "app-{pr}"), { GITLAB_CI: "true" });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: stashkit search ensure: --name uses {pr}, which has no value on GitLab CI: CI_MERGE_REQUEST_IID is not set (it is set in merge request pipelines: add `rules: - if: $CI_PIPELINE_SOURCE == "merge_request_event"`); pass --pr <value>\n',
    );
  });
});

describe("hostile answers", () => {
  it("refuses an answer with control characters in a name or region, printing none of it", async () => {
    const base = emulator.state.indexes[0];
    if (!base) throw new Error("no index to copy");
    emulator.indexes.put({
      owner: base.owner,
      index: {
        ...base.index,
        id: "evil-1",
        name: "evil\n::set-output name=pwned::1\r\n::add-mask::x",
        region: "us-central1\u001b[31m" as never,
        endpoint: "evil.example\n::error::pwned",
      },
    });
    try {
      for (const format of ["text", "json", "dotenv"]) {
        const run = await cli(search("list", "--format", format));
        expect(run.code).toBe(1);
        for (const line of (run.stdout + run.stderr).split("\n")) {
          expect(line.trimStart().startsWith("::"), line).toBe(false);
          expect(line).not.toContain("\r");
          expect(line).not.toContain("\u001b");
          expect(line).not.toContain("pwned");
        }
      }
    } finally {
      emulator.indexes.delete("evil-1");
    }
  });

  it("prints a name that looks like a runner command so that it cannot be one", async () => {
    const base = emulator.state.indexes[0];
    if (!base) throw new Error("no index to copy");
    emulator.indexes.put({
      owner: base.owner,
      index: { ...base.index, id: "evil-2", name: "::set-output name=pwned::1" },
    });
    try {
      for (const format of ["text", "json", "dotenv"]) {
        const run = await cli(search("list", "--format", format));
        expect(run.code).toBe(0);
        for (const line of (run.stdout + run.stderr).split("\n")) {
          expect(line.trimStart().startsWith("::"), line).toBe(false);
        }
        expect(run.stdout).toContain("set-output name=pwned");
      }
      const file = join(dir, "hostile-output");
      writeFileSync(file, "");
      const run = await cli(search("list", "--format", "github"), { GITHUB_OUTPUT: file }, false);
      expect(run.stdout.split("\n").some((line) => line.startsWith("::set-output"))).toBe(false);
      expect(readFileSync(file, "utf8")).not.toMatch(/^::/m);
    } finally {
      emulator.indexes.delete("evil-2");
    }
  });
});

describe("secrets", () => {
  it("no credential or index token appears in any run's stdout or stderr (text and default json)", () => {
    expect(scanned.length).toBeGreaterThan(40);
    expect(indexTokens.size).toBeGreaterThan(4);
    const forbidden = [...credentialForms(s), ...indexTokens];
    const leaks = scanned.flatMap((run) =>
      forbidden
        .filter((secret) => run.stdout.includes(secret) || run.stderr.includes(secret))
        .map(() => run.args.join(" ")),
    );
    expect(leaks).toEqual([]);
  });
});
