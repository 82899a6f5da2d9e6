import type { Walk } from "./walk.ts";

const CLI = "packages/cli";
const COMMANDS = `${CLI}/src/commands`;

const FLAGS = `import { MESSAGING_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

export const FLAGS = [
  ...MESSAGING_FLAGS,
  { flags: "--at-least <count>", description: "fail unless there are this many queues", default: "0" },
] as const;

export type QueuesCountFlags = FlagValues<typeof FLAGS>;
`;

const DECLARATION = `import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./queues-count.flags.ts";

export const queuesCount: CommandDeclaration<typeof FLAGS> = {
  name: "queues count",
  description: "count the queues",
  flags: FLAGS,
  examples: ["stashkit queues count --at-least 1"],
  run: apiCommand("queues count", "messaging", () => import("./queues-count.ts")),
};
`;

const RUN = `import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { UsageError } from "../usage-error.ts";
import type { CommandResult } from "../output/result.ts";
import type { QueuesCountFlags } from "./queues-count.flags.ts";

export async function run(flags: QueuesCountFlags, context: CommandContext): Promise<CommandResult> {
  const atLeast = Number(flags.atLeast);
  if (!Number.isSafeInteger(atLeast) || atLeast < 0) throw new UsageError("--at-least", "--at-least must be a count");
  const queues = await messagingClient(flags, context).queues.list();
  return {
    lines: [\`\${queues.length} queues (at least \${atLeast}).\`],
    json: () => ({ count: queues.length }),
    fields: [{ env: "STASHKIT_QUEUE_COUNT", output: "count", value: String(queues.length) }],
    warnings: [],
  };
}
`;

const TEST = `import type { RunningEmulator } from "@stashkit/emulator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiEnv, createQueue, emulatorFor, runCli, secrets } from "./cli.ts";

const s = secrets();
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await emulatorFor(s);
});
afterAll(() => emulator.stop());

it("queues count counts the queues, and refuses a bad --at-least before sending anything", async () => {
  await createQueue(emulator, s, "orders");
  const counted = await runCli(["queues", "count", "--at-least", "1"], apiEnv(emulator, s));
  expect(counted.code, counted.stderr).toBe(0);
  expect(counted.stdout).toBe("1 queues (at least 1).\\n");
  const refused = await runCli(["queues", "count", "--at-least", "many"], apiEnv(emulator, s));
  expect(refused.code).toBe(2);
  const help = await runCli(["queues", "count", "--help"], apiEnv(emulator, s));
  expect(help.stdout).toContain("--at-least <count>");
});
`;

/** "A new CLI command": a toy \`queues count\`. */
export const COMMAND_WALK: Walk = {
  heading: "A new CLI command",
  steps: {
    1: {
      names: "packages/cli/src/commands/<group>-<name>.flags.ts",
      files: [`${COMMANDS}/queues-count.flags.ts`],
      apply: (copy) => copy.write(`${COMMANDS}/queues-count.flags.ts`, FLAGS),
    },
    2: {
      names: "<group>-<name>.command.ts",
      files: [`${COMMANDS}/queues-count.command.ts`],
      apply: (copy) => copy.write(`${COMMANDS}/queues-count.command.ts`, DECLARATION),
    },
    3: {
      names: "<group>-<name>.ts",
      files: [`${COMMANDS}/queues-count.ts`],
      apply: (copy) => copy.write(`${COMMANDS}/queues-count.ts`, RUN),
    },
    4: {
      names: "src/program.ts",
      files: [`${CLI}/src/program.ts`],
      apply(copy) {
        const program = `${CLI}/src/program.ts`;
        const list = 'import { queuesList } from "./commands/queues-list.command.ts";\n';
        copy.replace(
          program,
          list,
          `${list}import { queuesCount } from "./commands/queues-count.command.ts";\n`,
        );
        copy.replace(
          program,
          "  addCommand(queues, queuesList);\n",
          "  addCommand(queues, queuesList);\n  addCommand(queues, queuesCount);\n",
        );
      },
    },
    5: {
      names: "packages/cli/README.md",
      files: [`${CLI}/test/flags.test.ts`, `${CLI}/test/queues-count.commands.test.ts`, `${CLI}/README.md`],
      apply(copy) {
        const flags = `${CLI}/test/flags.test.ts`;
        const list = 'import { queuesList } from "../src/commands/queues-list.command.ts";\n';
        copy.replace(
          flags,
          list,
          `${list}import { queuesCount } from "../src/commands/queues-count.command.ts";\n`,
        );
        copy.replace(flags, "  queuesList,\n", "  queuesList,\n  queuesCount,\n");
        copy.write(`${CLI}/test/queues-count.commands.test.ts`, TEST);
        copy.replace(
          `${CLI}/README.md`,
          "| `stashkit queues list` ",
          "| `stashkit queues count [--at-least n]` | counts the queues |\n| `stashkit queues list` ",
        );
      },
    },
  },
  // The commands' tests run the bundle.
  prepare: [{ folder: CLI, command: "node", args: ["bundle.mjs"] }],
  checks: [
    {
      folder: CLI,
      command: "npx",
      args: ["vitest", "run", "test/queues-count.commands.test.ts", "test/flags.test.ts"],
    },
    { folder: CLI, command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
  ],
  // Left out of program.ts, the command is not in the bundle: the bin answers "unknown command".
  omissions: [{ step: 4, check: 0 }],
};
