import type { Command } from "commander";
import { addCommand, examples } from "./command.ts";
import { dlqDelete, dlqList, dlqRetry } from "./commands/dlq.command.ts";
import { dlqExport } from "./commands/dlq-export.command.ts";
import { doctorCommand } from "./commands/doctor.command.ts";
import { addEmulatorCommand } from "./commands/emulator.command.ts";
import { addQStashCommands } from "./commands/qstash.group.ts";
import { queuesCreate } from "./commands/queues-create.command.ts";
import { queuesDelete } from "./commands/queues-delete.command.ts";
import { queuesList } from "./commands/queues-list.command.ts";
import { queuesMessages } from "./commands/queues-messages.command.ts";
import { queuesPause } from "./commands/queues-pause.command.ts";
import { queuesResume } from "./commands/queues-resume.command.ts";
import { replayCommand } from "./commands/replay.command.ts";
import { searchClone } from "./commands/search-clone.command.ts";
import { searchDelete } from "./commands/search-delete.command.ts";
import { searchEnsure } from "./commands/search-ensure.command.ts";
import { searchExport } from "./commands/search-export.command.ts";
import { searchIndexes } from "./commands/search-indexes.command.ts";
import { searchList } from "./commands/search-list.command.ts";
import { searchPrune } from "./commands/search-prune.command.ts";
import { searchSeed } from "./commands/search-seed.command.ts";
import { addWorkflowCommands } from "./commands/workflow.group.ts";
import { StashkitCommand } from "./options/did-you-mean.ts";
import { version } from "./version.ts";

// Only commander and the commands' declarations are loaded at start-up: each command's module
// (and @stashkit/core with it) is imported when that command runs, so `--version` and `--help`
// stay fast. A new command is a `commands/<name>.command.ts` declaration, listed here once.

const HELP = `\nCredentials come from the environment: UPSTASH_EMAIL, UPSTASH_API_KEY and STASHKIT_BASE_URL (search), QSTASH_TOKEN and QSTASH_URL (queues).\nExit codes: 0 done, 1 the operation failed, 2 a bad flag or value (nothing was sent).${examples(
  [
    "stashkit search ensure --name 'myapp-mr-{pr}' --region eu-west-1 --format dotenv --output-file search.env",
    "stashkit search prune --pattern 'myapp-mr-{pr}' --open 12 15",
    "stashkit queues pause orders emails",
    "stashkit queues resume orders emails",
    "stashkit replay --dlq <dlq id> --rewrite https://app.example.com=http://localhost:3000",
    "stashkit emulator --port 8787",
  ],
)}`;

/**
 * The program, with every command; given the command line, with only the top-level word it
 * names (`search`, `queues`, …): declaring the ~40 commands of the others cost ~10 ms of every
 * run (bench C1). A command line naming none (help, a typo, an option first) gets them all, for
 * the help and the suggestions.
 */
export function buildProgram(argv: readonly string[] = []): Command {
  const program = new StashkitCommand("stashkit")
    .description("Provision and operate search indexes and queues from any CI system or a terminal.")
    .version(version(), "-V, --version")
    .exitOverride()
    .showHelpAfterError("(add --help for usage)")
    .addHelpText("after", HELP);
  const named = Object.hasOwn(TOP_LEVEL, argv[0] ?? "") ? TOP_LEVEL[argv[0] as TopLevel] : undefined;
  for (const add of named ? [named] : Object.values(TOP_LEVEL)) add(program);
  // A mistyped flag's hint names the commands that take it, whichever word they are under.
  if (named) program.wholeProgram = () => buildProgram();
  return program;
}

/** Each top-level word and what it declares, in the order the help lists them. */
const TOP_LEVEL = {
  search: addSearchGroup,
  queues: addQueuesGroup,
  dlq: addDlqGroup,
  replay: (program: Command) => addCommand(program, replayCommand),
  qstash: addQStashCommands,
  workflow: addWorkflowCommands,
  doctor: (program: Command) => addCommand(program, doctorCommand),
  emulator: addEmulatorCommand,
} satisfies Record<string, (program: Command) => void>;
type TopLevel = keyof typeof TOP_LEVEL;

/** `stashkit search …`: search indexes. */
function addSearchGroup(program: Command): void {
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
  addCommand(search, searchEnsure);
  addCommand(search, searchDelete);
  addCommand(search, searchPrune);
  addCommand(search, searchList);
  addCommand(search, searchSeed);
  addCommand(search, searchClone);
  addCommand(search, searchIndexes);
  addCommand(search, searchExport);
}

/** `stashkit queues …`: queues, schedules and flow-control keys. */
function addQueuesGroup(program: Command): void {
  const queues = program
    .command("queues")
    .description("queues, schedules and flow-control keys (messaging API)")
    .addHelpText(
      "after",
      examples([
        "stashkit queues create orders --parallelism 2",
        "stashkit queues pause orders --format dotenv --output-file paused.env",
        'stashkit queues resume --only-if-paused-by "$STASHKIT_PAUSED"',
      ]),
    );
  addCommand(queues, queuesCreate);
  addCommand(queues, queuesList);
  addCommand(queues, queuesDelete);
  addCommand(queues, queuesPause);
  addCommand(queues, queuesResume);
  addCommand(queues, queuesMessages);
}

/** `stashkit dlq …`: the dead letter queue's commands. */
function addDlqGroup(program: Command): void {
  const dlq = program
    .command("dlq")
    .description("the dead letter queue: messages whose every delivery failed (messaging API)")
    .addHelpText(
      "after",
      examples([
        "stashkit dlq list --queue orders",
        "stashkit dlq retry --label billing --dry-run",
        "stashkit dlq export --queue orders --output dlq.ndjson",
      ]),
    );
  addCommand(dlq, dlqList);
  addCommand(dlq, dlqRetry);
  addCommand(dlq, dlqDelete);
  addCommand(dlq, dlqExport);
}
