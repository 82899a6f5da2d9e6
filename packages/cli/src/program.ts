import type { Command } from "commander";
import { addCommand, examples } from "./command.ts";
import { dlqDelete, dlqList, dlqRetry } from "./commands/dlq.command.ts";
import { dlqExport } from "./commands/dlq-export.command.ts";
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

export function buildProgram(): Command {
  const program = new StashkitCommand("stashkit")
    .description("Provision and operate search indexes and queues from any CI system or a terminal.")
    .version(version(), "-V, --version")
    .exitOverride()
    .showHelpAfterError("(add --help for usage)")
    .addHelpText("after", HELP);

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

  addDlqGroup(program);
  addCommand(program, replayCommand);
  addQStashCommands(program);
  addWorkflowCommands(program);
  addEmulatorCommand(program);
  return program;
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
