import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, startGitHubStandIn, temporaryFolder } from "@stashkit/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, type CliRun, emulatorFor, runCli, secrets } from "./cli.ts";

const s = secrets();
const SECRET = `reindex-${s.token}-secret`;
let emulator: RunningEmulator;
let dir: string;
const runs: CliRun[] = [];

beforeAll(async () => {
  emulator = await emulatorFor(s);
  dir = temporaryFolder("stashkit-qstash-");
});
afterEach(async () => {
  await fetch(`${emulator.url}/__stashkit/reset`, { method: "POST" });
  emulator.clearRequests();
});
afterAll(async () => {
  await emulator.stop();
  removeTemporaryFolders();
});

const FILE = `version: 1
environments:
  production:
    protect: true
    vars: { base_url: "https://shop.example" }
  preview:
    prefix: "preview-{pr}-"
queues:
  - name: orders
    parallelism: 2
url_groups:
  - name: events
    endpoints:
      - { name: billing, url: "{base_url}/hooks/billing" }
schedules:
  - id: nightly
    cron: "0 3 * * *"
    destination: "{base_url}/api/reindex"
    headers:
      Authorization: "Bearer \${REINDEX_SECRET}"
  - id: weekly
    cron: "0 0 * * 0"
    destination: events
    environments: [production]
`;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function qstash(args: string[], extra: Record<string, string> = {}): Promise<CliRun> {
  const run = await runCli(["qstash", ...args], apiEnv(emulator, s, { REINDEX_SECRET: SECRET, ...extra }));
  runs.push(run);
  return run;
}

const preview = (config: string, ...rest: string[]) => [
  "--config",
  config,
  "--env",
  "preview",
  "--pr",
  "42",
  "--var",
  "base_url=https://pr-42.shop.example",
  ...rest,
];
const writes = () => emulator.requests.filter((r) => r.method !== "GET");

describe("stashkit qstash plan and apply", () => {
  it("plans, applies, and then plans no change with three reads; --detailed-exitcode says which", async () => {
    const config = file("plan.yaml", FILE);
    const plan = await qstash(["plan", ...preview(config, "--format", "json", "--detailed-exitcode")]);
    expect(plan.code, plan.stderr).toBe(3);
    expect(
      JSON.parse(plan.stdout).changes.map(
        (c: { action: string; kind: string; name: string }) => `${c.action} ${c.kind} ${c.name}`,
      ),
    ).toEqual([
      "create queue preview-42-orders",
      "create url_group preview-42-events",
      "create schedule preview-42-nightly",
    ]);
    expect(writes()).toEqual([]);

    const applied = await qstash(["apply", ...preview(config)]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain("applied 3 changes");
    expect(emulator.state.schedules["preview-42-nightly"]?.headers["authorization"]).toBe(`Bearer ${SECRET}`);

    emulator.clearRequests();
    const again = await qstash(["apply", ...preview(config, "--detailed-exitcode")]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('environment preview (prefix "preview-42-"): no changes, 3 unchanged\n');
    expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v2/schedules",
      "GET /v2/topics",
      "GET /v2/queues",
    ]);
  });

  it("writes the plan as Markdown for a job summary or a comment, escaped", async () => {
    const config = file("markdown.yaml", FILE);
    const plan = await qstash(["plan", ...preview(config, "--format", "markdown")]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain("### stashkit qstash plan\n");
    expect(plan.stdout).toContain("| change | kind | name | fields |");
    expect(plan.stdout).toContain("| create | schedule | preview-42-nightly |");
    expect(plan.stdout).toContain("Bearer \\$\\{REINDEX\\_SECRET\\}");
    // Only the commands that show a plan write Markdown.
    const refused = await qstash(["export", "--env", "live", "--format", "markdown"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--format must be one of text, json, dotenv, github for qstash export");
  });

  it("a protected environment refuses deletes (exit 1, no write) unless --allow-delete", async () => {
    const config = file("protected.yaml", FILE);
    expect((await qstash(["apply", "--config", config, "--env", "production"])).code).toBe(0);
    const smaller = file("protected-smaller.yaml", FILE.replace(/ {2}- id: weekly[\s\S]*$/, ""));
    emulator.clearRequests();
    const refused = await qstash(["apply", "--config", smaller, "--env", "production"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "environment production is protected (protect: true) and the plan deletes schedule production-weekly: nothing was sent. Pass --allow-delete",
    );
    expect(writes()).toEqual([]);
    const allowed = await qstash(["apply", "--config", smaller, "--env", "production", "--allow-delete"]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(emulator.state.schedules["production-weekly"]).toBeUndefined();
  });
});

describe("every bad file is refused before any request, naming file, line and field (exit 2)", () => {
  it.each([
    [
      "a schema error",
      FILE.replace("parallelism: 2", "parallelism: 0"),
      [],
      /bad-1\.yaml:10:18: queues\[0\]\.parallelism: must be at least 1$/m,
    ],
    [
      "an unknown placeholder",
      FILE.replace("{base_url}/api/reindex", "{base_ur}/api/reindex"),
      [],
      /bad-2\.yaml:18:18: schedules\[0\]\.destination: \{base_ur\} is neither a placeholder/m,
    ],
    [
      "a placeholder without a value",
      FILE,
      ["--pr", ""],
      /bad-3\.yaml:7:13: environments\.preview\.prefix: uses \{pr\}, which has no value outside CI; pass --pr <value>$/m,
    ],
    [
      "a missing secret",
      FILE,
      [],
      /bad-4\.yaml:20:22: schedules\[0\]\.headers\.Authorization: \$\{REINDEX_SECRET\} names the environment variable REINDEX_SECRET, which is empty/m,
    ],
    [
      "two environments that would make one name",
      FILE.replace('prefix: "preview-{pr}-"', 'prefix: "production-{pr}-"'),
      [],
      /bad-5\.yaml:7:13: environments\.preview\.prefix: environments production and preview share the same account/m,
    ],
  ])("%s", async (_what, text, extra, message) => {
    const n =
      [
        "a schema error",
        "an unknown placeholder",
        "a placeholder without a value",
        "a missing secret",
        "two environments that would make one name",
      ].indexOf(_what) + 1;
    const config = file(`bad-${n}.yaml`, text);
    const args = ["plan", ...preview(config)].concat(extra as string[]);
    const run = await qstash(args, n === 4 ? { REINDEX_SECRET: "" } : {});
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(emulator.requests).toEqual([]);
  });

  it("a missing file, and a missing --env", async () => {
    const missing = await qstash(["plan", "--config", join(dir, "none.yaml"), "--env", "preview"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`the declaration file ${join(dir, "none.yaml")} does not exist`);
    const noEnv = await qstash(["plan", "--config", file("noenv.yaml", FILE)]);
    expect(noEnv.code).toBe(2);
    expect(noEnv.stderr).toContain("--env is required");
    expect(emulator.requests).toEqual([]);
  });
});

describe("stashkit qstash destroy, prune and export", () => {
  it("destroy needs no secret, keeps a queue with waiting messages unless --force, and leaves the console's schedule", async () => {
    const config = file("destroy.yaml", FILE);
    await qstash(["apply", ...preview(config)]);
    const consoleMade = await consoleSchedule();
    await fetch(`${emulator.url}/v2/queues/preview-42-orders/pause`, { method: "POST", headers: bearer() });
    await fetch(`${emulator.url}/v2/enqueue/preview-42-orders/https://shop.example/work`, {
      method: "POST",
      headers: bearer(),
      body: "x",
    });

    const destroyed = await qstash(["destroy", "--config", config, "--env", "preview", "--pr", "42"], {
      REINDEX_SECRET: "",
    });
    expect(destroyed.code, destroyed.stderr).toBe(0);
    expect(destroyed.stderr).toContain(
      "queue preview-42-orders kept: 1 message wait in it (--force deletes it anyway)",
    );
    expect(Object.keys(emulator.state.schedules)).toEqual([consoleMade]);
    expect(Object.keys(emulator.state.queues)).toEqual(["preview-42-orders"]);
    const forced = await qstash(["destroy", "--config", config, "--env", "preview", "--pr", "42", "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(emulator.state.queues).toEqual({});
    expect(Object.keys(emulator.state.schedules)).toEqual([consoleMade]);
  });

  it("prune asks GitHub once and deletes the previews of closed pull requests only", async () => {
    const config = file("prune.yaml", FILE);
    for (const pr of ["7", "8"])
      await qstash([
        "apply",
        "--config",
        config,
        "--env",
        "preview",
        "--pr",
        pr,
        "--var",
        "base_url=https://x.example",
      ]);
    const consoleMade = await consoleSchedule();
    const github = await startGitHubStandIn({ pulls: { "acme/shop": { 7: "merged", 8: "open" } } });
    try {
      const pruned = await qstash(
        ["prune", "--config", config, "--env", "preview", "--open-from", "github:acme/shop"],
        {
          GITHUB_TOKEN: `ghs_${s.token}`,
          GITHUB_GRAPHQL_URL: github.graphqlUrl,
        },
      );
      expect(pruned.code, pruned.stderr).toBe(0);
      expect(pruned.stdout.split("\n")[0]).toBe("preview-7-: pull request #7 is closed");
      expect(github.requests).toHaveLength(1);
      expect(Object.keys(emulator.state.schedules).sort()).toEqual([consoleMade, "preview-8-nightly"].sort());
      expect(Object.keys(emulator.state.queues)).toEqual(["preview-8-orders"]);
    } finally {
      await github.stop();
    }
  });

  it("export writes a file that adopts the account; plan against it shows no change", async () => {
    const config = file("export-source.yaml", FILE);
    await qstash(["apply", "--config", config, "--env", "production"]);
    await consoleSchedule();
    const output = join(dir, "exported.yaml");
    const exported = await qstash(["export", "--env", "live", "--output-file", output]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(
      "set QSTASH_PRODUCTION_NIGHTLY_AUTHORIZATION: header authorization of schedule production-nightly (its value is not written)",
    );
    const plan = await qstash(["plan", "--config", output, "--env", "live", "--detailed-exitcode"], {
      QSTASH_PRODUCTION_NIGHTLY_AUTHORIZATION: `Bearer ${SECRET}`,
    });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/^environment live \(no prefix\): no changes, 5 unchanged$/m);
  });

  // One flag for where the declaration goes, as search export's documents: --output-file (every
  // command's "where the result goes") must never leave the file empty or hold anything else.
  it("export writes the declaration to --output-file, and --output (the alias) to the same place", async () => {
    await qstash(["apply", "--config", file("export-flags.yaml", FILE), "--env", "production"]);
    const [canonical, alias] = [join(dir, "canonical.yaml"), join(dir, "alias.yaml")];
    const first = await qstash(["export", "--env", "live", "--output-file", canonical]);
    const second = await qstash(["export", "--env", "live", "--output", alias]);
    for (const run of [first, second]) expect(run.code, run.stderr).toBe(0);
    const written = readFileSync(canonical, "utf8");
    expect(written).toMatch(/^version: 1$/m);
    expect(written).toContain("production-orders");
    expect(readFileSync(alias, "utf8")).toBe(written);
    expect(first.stdout.split("\n")).toContain(`wrote ${canonical}`);
    expect(first.stdout).not.toContain("version: 1");
  });
});

it("no run printed a token or a secret header's value", () => {
  for (const run of runs) {
    for (const secret of [s.token, SECRET, `ghs_${s.token}`]) {
      expect(run.stdout + run.stderr).not.toContain(secret);
    }
  }
  expect(runs.length).toBeGreaterThan(10);
});

function bearer() {
  return { authorization: `Bearer ${s.token}` };
}

async function consoleSchedule(): Promise<string> {
  const answer = await fetch(`${emulator.url}/v2/schedules/https://shop.example/console`, {
    method: "POST",
    headers: { ...bearer(), "upstash-cron": "* * * * *" },
  });
  return ((await answer.json()) as { scheduleId: string }).scheduleId;
}
