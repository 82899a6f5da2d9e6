#!/usr/bin/env node
// Runs an action's committed bundle (actions/<name>/dist/index.js) on this machine as the GitHub
// runner does: each input as INPUT_<NAME>, the runner's files (GITHUB_OUTPUT, GITHUB_ENV,
// GITHUB_STATE, GITHUB_STEP_SUMMARY, GITHUB_PATH) in a folder of its own, an event payload at
// GITHUB_EVENT_PATH, GITHUB_ACTIONS=true and the rest of the runner's variables; then prints the
// outputs, the exported variables and the summary it wrote. The tests run the bundles the same
// way (`prepareActionRun` of @stashkit/testing). CONTRIBUTING.md: "Run an action locally".
import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "@stashkit/emulator";
import { readActionMetadata, removeTemporaryFolders, runAction } from "@stashkit/testing";

const USAGE = `Usage: node scripts/run-action.mjs <action> [options]

  --input NAME=VALUE     an input, as \`with:\` gives it (repeatable)
  --env NAME[=VALUE]     a variable for the step; NAME alone copies it from this shell, so a
                         credential stays out of the process list (repeatable)
  --event NAME           the event (default push), with --payload FILE its JSON payload
  --emulator             run against an emulator started here (its URL and throwaway
                         credentials), nothing sent anywhere else
  --post                 then run the post step, with the state the main step saved
  --keep                 keep a copy of the runner's files (outputs, env, state, summary, the
                         event) and print where it is

e.g. node scripts/run-action.mjs ensure-search-index --emulator --input name=shop --input region=eu-west-1
`;

const root = join(import.meta.dirname, "..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    input: { type: "string", multiple: true },
    env: { type: "string", multiple: true },
    event: { type: "string" },
    payload: { type: "string" },
    emulator: { type: "boolean" },
    post: { type: "boolean" },
    keep: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
const [name] = positionals;
const actionDir = name === undefined ? "" : join(root, "actions", name);
if (
  values.help ||
  name === undefined ||
  positionals.length > 1 ||
  !existsSync(join(actionDir, "action.yml"))
) {
  process.stderr.write(
    name === undefined || values.help ? USAGE : `run-action: no action named ${name}\n\n${USAGE}`,
  );
  process.exit(values.help ? 0 : 2);
}

/** `NAME=VALUE` pairs; a NAME alone (for --env) is taken from this process's environment. */
function pairs(list, fromHere) {
  return Object.fromEntries(
    (list ?? []).map((entry) => {
      const equals = entry.indexOf("=");
      if (equals > 0) return [entry.slice(0, equals), entry.slice(equals + 1)];
      if (!fromHere) {
        process.stderr.write(`run-action: --input ${entry} needs =VALUE\n`);
        process.exit(2);
      }
      return [entry, process.env[entry] ?? ""];
    }),
  );
}

const inputs = pairs(values.input, false);
// The step's working folder, as the runner's: relative paths in inputs are read from here.
const env = { GITHUB_WORKSPACE: process.cwd(), ...pairs(values.env, true) };
const event =
  values.event === undefined
    ? undefined
    : { name: values.event, payload: values.payload ? JSON.parse(readFileSync(values.payload, "utf8")) : {} };
const emulator = values.emulator ? await startEmulator() : undefined;
if (emulator) {
  const declared = readActionMetadata(actionDir).inputs ?? {};
  for (const url of ["base-url", "messaging-url"]) if (url in declared) inputs[url] ??= emulator.url;
  Object.assign(env, {
    UPSTASH_EMAIL: emulator.account.email,
    UPSTASH_API_KEY: emulator.account.apiKey,
    QSTASH_TOKEN: emulator.messagingToken,
    QSTASH_URL: emulator.url,
  });
}

/** As the runner shows a log: every value registered with ::add-mask:: as ***. */
function masked(stdout, text) {
  const masks = stdout
    .split("\n")
    .filter((line) => line.startsWith("::add-mask::"))
    .map((line) => line.slice("::add-mask::".length))
    .filter((mask) => mask !== "")
    .sort((a, b) => b.length - a.length);
  return masks.reduce((shown, secret) => shown.split(secret).join("***"), text);
}
const show = (title, text) => text && process.stdout.write(`\n--- ${title}\n${text.trimEnd()}\n`);
const listed = (record) =>
  Object.entries(record)
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");

let code = 0;
try {
  let reuseDir;
  for (const phase of values.post ? ["main", "post"] : ["main"]) {
    const run = await runAction({
      actionDir,
      phase,
      inputs,
      env,
      ...(event === undefined ? {} : { event }),
      ...(reuseDir === undefined ? {} : { reuseDir }),
      // The step's own limit (its timeout-seconds input) decides; this one only stops a hang.
      timeoutMs: 3_600_000,
      onStdout: (chunk) => process.stdout.write(chunk),
    });
    reuseDir = run.dir;
    process.stderr.write(run.stderr);
    // Masked as the runner masks them (--keep leaves the files, values and all).
    show(`${phase}: outputs (GITHUB_OUTPUT)`, masked(run.stdout, listed(run.outputs)));
    show(`${phase}: exported variables (GITHUB_ENV)`, masked(run.stdout, listed(run.exportedEnv)));
    show(`${phase}: job summary (GITHUB_STEP_SUMMARY)`, masked(run.stdout, run.summary));
    process.stdout.write(`\n--- ${phase}: exit code ${run.exitCode}\n`);
    code = run.exitCode ?? 1;
    if (values.keep) {
      // The run's own folder goes when this process ends (it is a temporary folder): a copy stays.
      const kept = mkdtempSync(join(tmpdir(), `stashkit-run-${name}-`));
      cpSync(run.dir, kept, { recursive: true });
      process.stdout.write(`--- the runner's files: ${kept}\n`);
    }
    if (code !== 0) break;
  }
} finally {
  await emulator?.stop();
  removeTemporaryFolders();
}
process.exitCode = code;
