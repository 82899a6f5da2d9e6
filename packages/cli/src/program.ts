import { Command } from "commander";
import type { CommandModule, CommandSpec } from "./execute.ts";
import { version } from "./version.ts";

// Only commander is loaded at start-up: each command's module (and @stashkit/core with it) is
// imported when that command runs, so `stashkit --version` and `--help` stay fast.

const MANAGEMENT_CREDENTIALS = "UPSTASH_EMAIL and UPSTASH_API_KEY (or --email and --api-key)";
const MESSAGING_CREDENTIALS = "QSTASH_TOKEN (or --token)";

function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join("\n")}\n`;
}

/** The flags every command that calls an API takes. */
function common(command: Command): Command {
  return command
    .option("--timeout-seconds <n>", "time limit for the whole command, retries included (1-3600)", "120")
    .option("--max-attempts <n>", "attempts per request, the first included (1-20)", "5")
    .option("--format <format>", "text, json, dotenv or github", "text")
    .option(
      "--output-file <path>",
      "write the result there (created 0600) instead of stdout; tokens go only here",
    )
    .option(
      "--show-secrets",
      "json/dotenv on stdout include tokens (CI logs keep stdout: prefer --output-file)",
    )
    .option("-q, --quiet", "print only warnings and errors")
    .option("-v, --verbose", "log each request and retry on stderr");
}

function management(command: Command): Command {
  return common(command)
    .option(
      "--base-url <url>",
      "management API base URL (default: STASHKIT_BASE_URL, else https://api.upstash.com)",
    )
    .option("--email <email>", "account email (default: UPSTASH_EMAIL)")
    .option(
      "--api-key <key>",
      "management API key (default: UPSTASH_API_KEY; a flag shows in the process list)",
    );
}

function runValues(command: Command): Command {
  return command
    .option("--pr <number>", "pull/merge request number for {pr} (default: from the CI system)")
    .option("--branch <name>", "branch for {branch}")
    .option("--sha <sha>", "commit for {sha}")
    .option("--run-id <id>", "run/pipeline id for {run_id}")
    .option("--repo <name>", "repository name for {repo}");
}

/** Runs a command module lazily; the exit code is set, never process.exit, so output drains. */
function action<Flags>(spec: CommandSpec<Flags>, flagsOf: (args: unknown[]) => Flags) {
  return async (...args: unknown[]) => {
    const { execute } = await import("./execute.ts");
    process.exitCode = await execute(spec as CommandSpec<Flags & object>, flagsOf(args) as Flags & object);
  };
}

/** Commander hands over (…arguments, options, command); the options are second to last. */
const optionsOnly = (args: unknown[]) => args.at(-2) as never;

export function buildProgram(): Command {
  const program = new Command("stashkit")
    .description("Provision and operate search indexes and queues from any CI system or a terminal.")
    .version(version(), "-V, --version")
    .exitOverride()
    .showHelpAfterError("(add --help for usage)")
    .addHelpText(
      "after",
      `\nCredentials come from the environment: UPSTASH_EMAIL and UPSTASH_API_KEY (search), QSTASH_TOKEN and QSTASH_URL (queues).\nExit codes: 0 done, 1 the operation failed, 2 a bad flag or value (nothing was sent).${examples(
        [
          "stashkit search ensure --name 'myapp-mr-{pr}' --region eu-west-1 --format dotenv --output-file search.env",
          "stashkit search prune --pattern 'myapp-mr-{pr}' --open 12 15",
          "stashkit queues pause orders emails",
          "stashkit queues resume orders emails",
          "stashkit emulator --port 8787",
        ],
      )}`,
    );

  const search = program
    .command("search")
    .description("search indexes (management API)")
    .addHelpText(
      "after",
      examples([
        "stashkit search ensure --name 'myapp-mr-{pr}'",
        "stashkit search list --pattern 'myapp-mr-{pr}'",
      ]),
    );
  runValues(management(search.command("ensure")))
    .description("make sure one search index with this name exists (safe to run concurrently)")
    .option("--name <template>", "index name; {pr} {branch} {sha} {run_id} {repo} come from the CI system")
    .option("--region <region>", "eu-west-1 or us-central1", "us-central1")
    .option("--type <plan>", "free, payg or fixed", "free")
    .option("--on-mismatch <mode>", "fail or warn when the existing index has another region or plan", "fail")
    .addHelpText(
      "after",
      examples([
        "stashkit search ensure --name 'myapp-mr-{pr}' --region eu-west-1",
        "stashkit search ensure --name preview --pr 42 --format json",
        "stashkit search ensure --name 'myapp-{branch}' --format dotenv --output-file search.env",
      ]),
    )
    .action(
      action(
        searchSpec("search ensure", () => import("./commands/search-ensure.ts")),
        optionsOnly,
      ),
    );

  runValues(management(search.command("delete")))
    .description("delete every index with this name, or one index by id (already gone counts as deleted)")
    .option("--name <template>", "index name template")
    .option("--id <id>", "index id")
    .option("--dry-run", "say what would be deleted, delete nothing")
    .addHelpText(
      "after",
      examples([
        "stashkit search delete --name 'myapp-mr-{pr}'",
        "stashkit search delete --id 3f2a… --dry-run",
      ]),
    )
    .action(
      action(
        searchSpec("search delete", () => import("./commands/search-delete.ts")),
        optionsOnly,
      ),
    );

  management(search.command("prune"))
    .description("delete the indexes whose pull request (or other value) is no longer open")
    .option("--pattern <template>", "name template with {pr} (or one other placeholder), e.g. myapp-mr-{pr}")
    .option(
      "--open [values...]",
      "the values still in use, e.g. open merge request numbers; none given: nothing is open",
    )
    .option("--open-from <source>", "github:<owner>/<repo>: read open pull requests with GITHUB_TOKEN")
    .option("--dry-run", "say what would be deleted, delete nothing")
    .addHelpText(
      "after",
      examples([
        "stashkit search prune --pattern 'myapp-mr-{pr}' --open $(glab mr list --json iid -q '.[].iid')",
        "stashkit search prune --pattern 'myapp-pr-{pr}' --open-from github:acme/app --dry-run",
        "stashkit search prune --pattern 'myapp-{branch}' --open main release-2",
      ]),
    )
    .action(
      action(
        searchSpec("search prune", () => import("./commands/search-prune.ts")),
        optionsOnly,
      ),
    );

  management(search.command("list"))
    .description("list search indexes (never their tokens, unless --show-secrets or --output-file)")
    .option("--pattern <template>", "only names this template matches, e.g. myapp-mr-{pr}")
    .addHelpText(
      "after",
      examples(["stashkit search list", "stashkit search list --pattern 'myapp-mr-{pr}' --format json"]),
    )
    .action(
      action(
        searchSpec("search list", () => import("./commands/search-list.ts")),
        optionsOnly,
      ),
    );

  const queues = program
    .command("queues")
    .description("queues, schedules and flow-control keys (messaging API)")
    .addHelpText(
      "after",
      examples([
        "stashkit queues pause orders --format dotenv --output-file paused.env",
        'stashkit queues resume --only-if-paused-by "$STASHKIT_PAUSED"',
      ]),
    );
  queueCommand(
    queues,
    "pause",
    "pause queues, schedules and flow-control keys; what was already paused is reported and left alone",
    [
      "stashkit queues pause --flow-control-key tenant-a --flow-control-key tenant-b orders emails",
      "stashkit queues pause --schedule-label nightly --format json",
      "stashkit queues pause orders --format dotenv --output-file paused.env   # STASHKIT_PAUSED=[…]",
    ],
  ).action(
    action(
      queueSpec("pause", () => import("./commands/queues-pause.ts")),
      withNames,
    ),
  );
  queueCommand(
    queues,
    "resume",
    "resume queues, schedules and flow-control keys and read each back; every one is tried",
    [
      "stashkit queues resume orders",
      "stashkit queues resume orders,emails --schedule-id scd_123 --if-missing skip --format json",
      'stashkit queues resume --only-if-paused-by "$STASHKIT_PAUSED"   # only what the pause paused',
    ],
  )
    .option(
      "--only-if-paused-by <json>",
      "resume exactly the targets a pause reported as paused (its STASHKIT_PAUSED / paused JSON)",
    )
    .action(
      action(
        queueSpec("resume", () => import("./commands/queues-resume.ts")),
        withNames,
      ),
    );

  program
    .command("emulator")
    .description("run the bundled emulator of both APIs in the foreground, printing its URL and credentials")
    .option("--port <port>", "port to listen on; 0 picks a free one", "8787")
    .option("--host <host>", "address to bind", "127.0.0.1")
    .option("--data-file <path>", "keep the emulator's state in this file across restarts")
    .addHelpText(
      "after",
      examples(["stashkit emulator", "stashkit emulator --port 0 --data-file .stashkit-emulator.json"]),
    )
    .action(async (flags) => {
      const { serveEmulator } = await import("./serve-emulator.ts");
      process.exitCode = await serveEmulator(flags);
    });

  return program;
}

function queueCommand(queues: Command, name: string, description: string, lines: string[]): Command {
  return (
    common(queues.command(name))
      .description(description)
      .argument("[names...]", "queue names (commas separate too)")
      // Repeatable, one value each (commas separate too): a variadic option would take the queue
      // names after it as more keys.
      .option("--schedule-id <id>", "a schedule by id (repeatable)", collect)
      .option("--schedule-label <label>", "schedules by label, from one listing (repeatable)", collect)
      .option(
        "--destination-prefix <prefix>",
        "schedules whose destination starts with this (repeatable)",
        collect,
        [],
      )
      .option("--flow-control-key <key>", "a flow-control key (repeatable)", collect)
      .option("--if-missing <mode>", "fail or skip when a target does not exist", "fail")
      .option(
        "--messaging-url <url>",
        "messaging API base URL (default: QSTASH_URL, else https://qstash.upstash.io)",
      )
      .option(
        "--token <token>",
        "messaging API token (default: QSTASH_TOKEN; a flag shows in the process list)",
      )
      .addHelpText("after", examples(lines))
  );
}

/** Commander's way to repeat an option: each use appends (no default, so help shows none). */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function queueSpec<Flags>(mode: string, load: () => Promise<CommandModule<Flags>>): CommandSpec<Flags> {
  return { name: `queues ${mode}`, credentials: MESSAGING_CREDENTIALS, load };
}

/** The positional names join the options. */
const withNames = (args: unknown[]) => ({ ...(args.at(-2) as object), names: args[0] }) as never;

function searchSpec<Flags>(name: string, load: () => Promise<CommandModule<Flags>>): CommandSpec<Flags> {
  return { name, credentials: MANAGEMENT_CREDENTIALS, load };
}
