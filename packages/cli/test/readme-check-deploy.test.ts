import { spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BIN, cleanEnv, credentialForms, emulatorFor, secrets } from "./cli.ts";
import { freePort, OLD_STEPS, runsInFlight } from "./workflow-apps.ts";

// The root README's GitHub workflow step that checks the runs in flight before a deploy, run as
// GitHub runs a `run:` (bash -e), against the emulator as the account. `npm start` is the new
// build (the fixture app, given the step's environment: PORT, QSTASH_URL, QSTASH_TOKEN, and the
// job's signing keys) and `npx --yes @stashkit/cli@0` this build of the CLI. What is replaced in
// the script: the production URL by the URL the runs were started at, and the two ports by free
// ones (a fixed port may be taken on a shared machine).

afterAll(() => removeTemporaryFolders());

const README = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const HEADING = "### Deploy without breaking the workflow runs in flight";
const FIXTURE = new URL("./fixtures/workflow-app.mjs", import.meta.url).pathname;
const s = secrets();
let emulator: RunningEmulator;
let flight: Awaited<ReturnType<typeof runsInFlight>>;
let shims: string;
const started: string[] = [];

interface Step {
  name?: string;
  run?: string;
}

function readmeStep(): { script: string; env: Record<string, string> } {
  const start = README.indexOf(HEADING);
  if (start < 0) throw new Error(`README has no "${HEADING}"`);
  const block = /```yaml\n([\s\S]*?)```/.exec(README.slice(start))?.[1] ?? "";
  const workflow = parse(block) as { jobs: Record<string, { env: Record<string, string>; steps: Step[] }> };
  const job = workflow.jobs["deploy"];
  const step = job?.steps.find(
    (candidate) => candidate.name === "Check the runs in flight against the new build",
  );
  if (job === undefined || step?.run === undefined)
    throw new Error("no check-deploy step in the README's workflow");
  return { script: step.run, env: job.env };
}

beforeAll(async () => {
  emulator = await emulatorFor(s);
  flight = await runsInFlight(emulator, s);
  shims = temporaryFolder("stashkit-check-deploy-shims-");
  const pids = join(shims, "pids");
  // `npm start` is the new build: the fixture app with the steps the test deploys. Its output goes
  // to a file: a background process holding the step's stdout would keep it open after the step.
  writeFileSync(
    join(shims, "npm"),
    `#!/bin/sh\n[ "$1" = start ] || { echo "unexpected npm $*" >&2; exit 127; }\necho $$ >> "${pids}"\nexec "${process.execPath}" "${FIXTURE}" > "${shims}/app.log" 2>&1\n`,
  );
  writeFileSync(
    join(shims, "npx"),
    `#!/bin/sh\n[ "$1" = --yes ] && [ "$2" = @stashkit/cli@0 ] || { echo "unexpected npx $*" >&2; exit 127; }\nshift 2\nexec "${process.execPath}" "${BIN}" "$@"\n`,
  );
  chmodSync(join(shims, "npm"), 0o755);
  chmodSync(join(shims, "npx"), 0o755);
  started.push(pids);
}, 120_000);

afterEach(() => {
  // The step leaves the new build running (`npm start &`), as a runner would until the job ends.
  const pids = started[0] ?? "";
  if (!existsSync(pids)) return;
  for (const pid of readFileSync(pids, "utf8").split("\n").filter(Boolean)) {
    try {
      process.kill(Number(pid));
    } catch {
      // already gone
    }
  }
  writeFileSync(pids, "");
});
afterAll(() => emulator.stop());

/** Runs the step's script with bash -e, as GitHub does, deploying `steps` as the new build. */
async function runStep(steps: string): Promise<{ code: number; output: string; summary: string }> {
  const { script, env } = readmeStep();
  const [appPort, standInPort] = [await freePort(), await freePort()];
  const text = script
    .replaceAll("https://app.example.com/api/workflow", flight.url)
    .replaceAll("3000", String(appPort))
    .replaceAll("8790", String(standInPort));
  const summary = join(temporaryFolder("stashkit-summary-"), "summary.md");
  const secretsOf = {
    "${{ secrets.QSTASH_TOKEN }}": s.token,
    "${{ secrets.QSTASH_CURRENT_SIGNING_KEY }}": emulator.signingKeys.current,
    "${{ secrets.QSTASH_NEXT_SIGNING_KEY }}": emulator.signingKeys.next,
  } as Record<string, string>;
  const jobEnv = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, secretsOf[value] ?? value]),
  );
  const childEnv = cleanEnv({
    ...jobEnv,
    PATH: `${shims}:${process.env["PATH"] ?? ""}`,
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_STEP_SUMMARY: summary,
    // The account: the emulator (the README's job uses QStash's default URL).
    QSTASH_URL: emulator.url,
    STEPS: steps,
  });
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn("bash", ["-e", "-c", text], { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("close", (exit) => resolve({ code: exit ?? -1, output: out }));
  });
  for (const secret of [...credentialForms(s), emulator.signingKeys.current, emulator.signingKeys.next]) {
    expect(output).not.toContain(secret);
  }
  return { code, output, summary: existsSync(summary) ? readFileSync(summary, "utf8") : "" };
}

describe("the README's check-deploy step", () => {
  it("passes a new build with a step added at the end, and writes the job summary", async () => {
    const { code, output, summary } = await runStep(`${OLD_STEPS},run:thank`);
    expect(code, output).toBe(0);
    expect(summary).toContain("### Workflow runs in flight against the new build\n");
    expect(summary).toContain("0 of 2 would fail after this deploy.");
  });

  it("fails the step when a run would fail, naming the renamed step in the summary", async () => {
    const { code, output, summary } = await runStep(OLD_STEPS.replace("run:charge", "run:charge-card"));
    expect(code).toBe(1);
    expect(output).toContain(
      "error: stashkit workflow check-deploy: 1 of 2 runs in flight would fail after this deploy",
    );
    expect(summary).toContain("| renamed | 3 | charge \\(Run\\) | charge-card \\(Run\\) |");
    // The runs are as they were: nothing of the check reached the account but reads.
    expect(emulator.workflows.list({ state: "RUN_STARTED" })).toHaveLength(2);
  });
});
