import { STEP_LIMITS, TARGET_SELECTORS } from "@stashkit/core/internal";
import { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { addCommand, type CommandDeclaration } from "../src/command.ts";
import { dlqDelete, dlqList, dlqRetry } from "../src/commands/dlq.command.ts";
import { dlqExport } from "../src/commands/dlq-export.command.ts";
import { doctorCommand } from "../src/commands/doctor.command.ts";
import { qstashApply } from "../src/commands/qstash-apply.command.ts";
import { qstashDestroy } from "../src/commands/qstash-destroy.command.ts";
import { qstashExport } from "../src/commands/qstash-export.command.ts";
import { qstashPlan } from "../src/commands/qstash-plan.command.ts";
import { qstashPrune } from "../src/commands/qstash-prune.command.ts";
import { queuesCreate } from "../src/commands/queues-create.command.ts";
import { queuesDelete } from "../src/commands/queues-delete.command.ts";
import { queuesList } from "../src/commands/queues-list.command.ts";
import { queuesMessages } from "../src/commands/queues-messages.command.ts";
import { queuesPause } from "../src/commands/queues-pause.command.ts";
import { queuesResume } from "../src/commands/queues-resume.command.ts";
import { replayCommand } from "../src/commands/replay.command.ts";
import { EMULATOR_DEFAULT_TOKEN, LOCAL_EMULATOR_URL } from "../src/commands/replay.flags.ts";
import { searchClone } from "../src/commands/search-clone.command.ts";
import { searchDelete } from "../src/commands/search-delete.command.ts";
import { searchEnsure } from "../src/commands/search-ensure.command.ts";
import type { EnsureFlags } from "../src/commands/search-ensure.flags.ts";
import { searchExport } from "../src/commands/search-export.command.ts";
import { searchIndexes } from "../src/commands/search-indexes.command.ts";
import { searchList } from "../src/commands/search-list.command.ts";
import { searchPrune } from "../src/commands/search-prune.command.ts";
import { searchSeed } from "../src/commands/search-seed.command.ts";
import { workflowCheckDeploy } from "../src/commands/workflow-check-deploy.command.ts";
import { COMMON_FLAGS, TARGET_FLAGS } from "../src/options/flag-sets.ts";
import { attributeName, type FlagSpec } from "../src/options/flags.ts";

const ALL: CommandDeclaration<readonly FlagSpec[]>[] = [
  searchEnsure,
  searchDelete,
  searchPrune,
  searchList,
  searchSeed,
  searchClone,
  searchIndexes,
  searchExport,
  queuesCreate,
  queuesList,
  queuesDelete,
  queuesPause,
  queuesResume,
  queuesMessages,
  dlqList,
  dlqRetry,
  dlqDelete,
  dlqExport,
  replayCommand,
  qstashPlan,
  qstashApply,
  qstashDestroy,
  qstashPrune,
  qstashExport,
  workflowCheckDeploy,
  doctorCommand,
] as CommandDeclaration<readonly FlagSpec[]>[];

/** Parses `argv` with the real declaration, running nothing: what the command's `run` would get. */
async function parsed(declaration: CommandDeclaration<readonly FlagSpec[]>, argv: string[]) {
  let received: unknown;
  const program = new Command("stashkit").exitOverride();
  const words = declaration.name.split(" ");
  const parent = words.length > 1 ? program.command(words[0] ?? "") : program;
  addCommand(parent, {
    ...declaration,
    run: async (flags) => {
      received = flags;
      return 0;
    },
  });
  await program.parseAsync([...words, ...argv], { from: "user" });
  return received;
}

describe("each command's flags", () => {
  it.each(ALL.flatMap((c) => c.flags.map((f) => [c.name, f.flags] as const)))(
    "%s %s: the typed name is commander's name for the value",
    (_command, flags) => {
      expect(attributeName(flags)).toBe(new Option(flags).attributeName());
    },
  );

  it("shows core's defaults and bounds of --timeout-seconds and --max-attempts", () => {
    const [timeout, attempts] = COMMON_FLAGS;
    const { timeoutSeconds, maxAttempts } = STEP_LIMITS;
    expect(timeout.default).toBe(String(timeoutSeconds.default));
    expect(timeout.description).toContain(`(${timeoutSeconds.min}-${timeoutSeconds.max})`);
    expect(attempts.default).toBe(String(maxAttempts.default));
    expect(attempts.description).toContain(`(${maxAttempts.min}-${maxAttempts.max})`);
  });

  it("workflow check-deploy and doctor parse their flags, each with one --format of its own", async () => {
    const argv = ["--url", "https://a/w", "--app-url", "http://127.0.0.1:3000/w", "--format", "markdown"];
    expect(await parsed(workflowCheckDeploy, argv)).toMatchObject({
      url: "https://a/w",
      appUrl: "http://127.0.0.1:3000/w",
      format: "markdown",
      standInPort: "8790",
      maxRuns: "100",
      appWaitSeconds: "60",
    });
    expect(
      await parsed(doctorCommand, ["--probe", "https://a/h", "--run", "wfr_1", "--message", "m"]),
    ).toMatchObject({
      probe: "https://a/h",
      run: "wfr_1",
      message: "m",
      probeWaitSeconds: "60",
      format: "text",
    });
    for (const declaration of [workflowCheckDeploy, doctorCommand]) {
      expect(declaration.flags.filter((flag) => flag.flags.startsWith("--format")).length).toBe(1);
    }
  });

  it("queues pause and resume name their lists as core's target selectors do", () => {
    const declared = TARGET_FLAGS.map((f) => f.flags.split(" ")[0]);
    for (const selector of Object.values(TARGET_SELECTORS)) {
      if (selector.flag.startsWith("--")) expect(declared).toContain(selector.flag);
    }
  });

  it("search ensure parses its flags, with the defaults", async () => {
    expect(await parsed(searchEnsure, ["--name", "app-{pr}", "--pr", "7", "--type", "payg"])).toEqual({
      name: "app-{pr}",
      pr: "7",
      type: "payg",
      region: "us-central1",
      onMismatch: "fail",
      seedWhen: "created",
      waitUntilIndexed: "true",
      timeoutSeconds: "120",
      maxAttempts: "5",
      format: "text",
    });
  });

  it("search delete parses its flags", async () => {
    expect(await parsed(searchDelete, ["--id", "abc", "--dry-run", "--run-id", "9"])).toMatchObject({
      id: "abc",
      dryRun: true,
      runId: "9",
    });
  });

  it("search prune parses its flags; --open without values means nothing is open", async () => {
    expect(await parsed(searchPrune, ["--pattern", "pr-{pr}", "--open", "1", "2"])).toMatchObject({
      pattern: "pr-{pr}",
      open: ["1", "2"],
    });
    expect(await parsed(searchPrune, ["--pattern", "pr-{pr}", "--open"])).toMatchObject({ open: true });
    expect(await parsed(searchPrune, ["--open-from", "github:a/b", "-q"])).toMatchObject({
      openFrom: "github:a/b",
      quiet: true,
    });
  });

  it("search seed, clone and list parse their flags; the older spellings fill the same values", async () => {
    expect(
      await parsed(searchSeed, [
        "--name",
        "db",
        "--file",
        "a.json",
        "--seed-file",
        "b.ndjson",
        "--index",
        "m",
      ]),
    ).toMatchObject({
      name: "db",
      seedFile: ["a.json", "b.ndjson"],
      seedIndex: "m",
      seedWhen: "created",
    });
    expect(await parsed(searchSeed, ["--when", "always"])).toMatchObject({ seedWhen: "always" });
    const older = ["--from", "s", "--to", "t", "--index", "m", "--into", "m-{pr}", "--when", "always"];
    const newer = ["--clone-from", "s", "--name", "t", "--clone-index", "m", "--seed-index", "m-{pr}"];
    const expected = { cloneFrom: "s", name: "t", cloneIndex: "m", seedIndex: "m-{pr}" };
    expect(await parsed(searchClone, older)).toMatchObject({ ...expected, seedWhen: "always" });
    expect(await parsed(searchClone, [...newer, "--seed-when", "always"])).toMatchObject({
      ...expected,
      seedWhen: "always",
    });
    expect(await parsed(searchList, ["--pattern", "x-{pr}", "--api-key", "k", "-v"])).toMatchObject({
      pattern: "x-{pr}",
      apiKey: "k",
      verbose: true,
    });
  });

  it("queues pause parses names and repeatable flags, one value each", async () => {
    const flags = ["--schedule-id", "s1", "--schedule-id", "s2", "--destination-prefix", "https://a/"];
    expect(await parsed(queuesPause, [...flags, "orders", "emails", "--if-missing", "warn"])).toMatchObject({
      names: ["orders", "emails"],
      scheduleId: ["s1", "s2"],
      destinationPrefix: ["https://a/"],
      ifMissing: "warn",
    });
  });

  it("queues resume parses --only-if-paused-by and --token", async () => {
    expect(await parsed(queuesResume, ["--only-if-paused-by", "[]", "--token", "t"])).toMatchObject({
      names: [],
      onlyIfPausedBy: "[]",
      token: "t",
      ifMissing: "fail",
    });
  });

  it("queues create, list and delete parse names, --parallelism and --dry-run", async () => {
    expect(await parsed(queuesCreate, ["orders", "emails", "--parallelism", "4"])).toMatchObject({
      names: ["orders", "emails"],
      parallelism: "4",
    });
    expect(await parsed(queuesList, ["--format", "json"])).toMatchObject({ format: "json" });
    expect(await parsed(queuesDelete, ["--dry-run", "orders"])).toMatchObject({
      names: ["orders"],
      dryRun: true,
    });
  });

  it("search ensure parses the seed flags and --protect, as the action's inputs", async () => {
    const argv = [
      "--name",
      "p",
      "--seed-file",
      "a.json",
      "--seed-file",
      "b.ndjson",
      "--seed-index",
      "movies",
    ];
    const more = ["--clone-index", "m", "--seed-when", "always", "--wait-until-indexed", "false"];
    expect(
      await parsed(searchEnsure, [...argv, ...more, "--protect", "prod", "--protect", "*-live"]),
    ).toMatchObject({
      seedFile: ["a.json", "b.ndjson"],
      seedIndex: "movies",
      cloneIndex: "m",
      seedWhen: "always",
      waitUntilIndexed: "false",
      protect: ["prod", "*-live"],
    });
    expect(await parsed(searchEnsure, ["--clone-from", "staging"])).toMatchObject({ cloneFrom: "staging" });
  });

  it("search prune, export and the messaging commands parse their flags", async () => {
    expect(
      await parsed(searchPrune, ["--pattern", "p-{pr}", "--max-age", "7d", "--name", "db"]),
    ).toMatchObject({
      maxAge: "7d",
      name: "db",
    });
    expect(
      await parsed(searchExport, ["db", "--index", "a", "--index", "b", "--output", "x-{index}.ndjson"]),
    ).toMatchObject({
      names: ["db"],
      index: ["a", "b"],
      outputFile: "x-{index}.ndjson",
    });
    expect(await parsed(searchExport, ["--name", "db", "--output-file", "x.ndjson"])).toMatchObject({
      names: [],
      name: "db",
      outputFile: "x.ndjson",
    });
    expect(await parsed(searchIndexes, ["--name", "a", "--name", "b"])).toMatchObject({
      names: [],
      name: ["a", "b"],
    });
    expect(await parsed(queuesMessages, ["orders", "--label", "a", "--all"])).toMatchObject({
      names: ["orders"],
      label: ["a"],
      all: true,
    });
    expect(await parsed(dlqDelete, ["--queue", "q", "--url", "https://x/y", "--dry-run"])).toMatchObject({
      queue: ["q"],
      url: ["https://x/y"],
      dryRun: true,
    });
    expect(await parsed(dlqList, ["--format", "json"])).toMatchObject({ format: "json" });
    expect(await parsed(dlqRetry, ["--all"])).toMatchObject({ all: true });
  });

  it("replay and dlq export parse their flags", async () => {
    const replay = [
      "--dlq",
      "a",
      "--dlq",
      "b",
      "--run",
      "wfr_1",
      "--rewrite",
      "https://x=http://localhost:1",
    ];
    expect(
      await parsed(replayCommand, [...replay, "--keep-headers", "Authorization", "--dry-run"]),
    ).toMatchObject({
      dlq: ["a", "b"],
      run: ["wfr_1"],
      rewrite: ["https://x=http://localhost:1"],
      keepHeaders: ["Authorization"],
      dryRun: true,
      to: LOCAL_EMULATOR_URL,
      rate: "10",
    });
    expect(
      await parsed(replayCommand, ["--from-file", "f.ndjson", "--to-token", "t", "--body-file", "b"]),
    ).toMatchObject({
      fromFile: "f.ndjson",
      toToken: "t",
      bodyFile: "b",
    });
    expect(await parsed(dlqExport, ["--queue", "q", "--output", "dlq.ndjson"])).toMatchObject({
      queue: ["q"],
      output: "dlq.ndjson",
    });
  });

  it("replay's defaults are the emulator's: its address, port and messaging token", async () => {
    const { DEFAULT_MESSAGING_TOKEN, declaredOptions } = await import("@stashkit/emulator/internal");
    expect(EMULATOR_DEFAULT_TOKEN).toBe(DEFAULT_MESSAGING_TOKEN);
    const defaults = Object.fromEntries(declaredOptions().map(({ info }) => [info.flag, info.cliDefault]));
    expect(LOCAL_EMULATOR_URL).toBe(`http://${defaults["host"]}:${defaults["port"]}`);
  });

  it("the qstash commands parse the file, environment, repeatable --var and their own flags", async () => {
    expect(
      await parsed(qstashPlan, ["--env", "preview", "--pr", "42", "--var", "a=1", "--var", "b=x=y"]),
    ).toEqual({
      timeoutSeconds: "120",
      maxAttempts: "5",
      format: "text",
      config: "stashkit.qstash.yaml",
      env: "preview",
      pr: "42",
      var: ["a=1", "b=x=y"],
    });
    expect(
      await parsed(qstashApply, [
        "--env",
        "production",
        "--allow-delete",
        "--force",
        "--dry-run",
        "--detailed-exitcode",
      ]),
    ).toMatchObject({ allowDelete: true, force: true, dryRun: true, detailedExitcode: true });
    expect(await parsed(qstashDestroy, ["--env", "preview", "--config", "q.json"])).toMatchObject({
      config: "q.json",
    });
    expect(
      await parsed(qstashPrune, ["--env", "preview", "--open-from", "github:acme/shop", "--max-age", "7d"]),
    ).toMatchObject({ openFrom: "github:acme/shop", maxAge: "7d" });
    expect(await parsed(qstashPrune, ["--env", "preview", "--open"])).toMatchObject({ open: true });
    for (const flag of ["--output-file", "--output"]) {
      expect(await parsed(qstashExport, ["--env", "live", flag, "f.yaml"])).toMatchObject({
        env: "live",
        outputFile: "f.yaml",
      });
    }
  });
});

// The typecheck (`tsc`, which includes the tests) is the test here: reading a flag a command
// does not declare, or declared under another name, does not compile.
function readsOnlyDeclaredFlags(flags: EnsureFlags): unknown[] {
  // @ts-expect-error: --name is declared, --index-name is not.
  const renamed = flags.indexName;
  // @ts-expect-error: a value flag is a string, not a number.
  const wrongType: number | undefined = flags.timeoutSeconds;
  return [renamed, wrongType, flags.name, flags.onMismatch];
}

it("types a command's flags from its declaration (a renamed flag does not compile)", () => {
  expect(readsOnlyDeclaredFlags({ name: "x" })).toEqual([undefined, undefined, "x", undefined]);
});
