import type { Walk } from "./walk.ts";

const CORE = "packages/core";
const CLI = "packages/cli";
const ACTION = "actions/resume-queue";

const RULE = `import { ConfigurationError } from "../errors/index.ts";

/** The toy levels; the first is the default. */
export const TOY_LEVELS = ["low", "high"] as const;
export type ToyLevel = (typeof TOY_LEVELS)[number];

/** Reads a toy level; \`name\` is the input or flag the error names. Nothing is sent before. */
export function parseToyLevel(text: string | undefined, name: string): ToyLevel {
  const value = text?.trim() || TOY_LEVELS[0];
  const level = TOY_LEVELS.find((known) => known === value);
  if (level === undefined) throw new ConfigurationError(name, \`\${name} must be low or high; got "\${text}"\`);
  return level;
}
`;

const RULE_TEST = `import { expect, it } from "vitest";
import { ConfigurationError } from "../src/index.ts";
import { parseToyLevel } from "../src/internal.ts";

it("reads a toy level, low by default, and names the input of a bad one", () => {
  expect(parseToyLevel(undefined, "toy-level")).toBe("low");
  expect(parseToyLevel(" high ", "--toy-level")).toBe("high");
  expect(() => parseToyLevel("loud", "--toy-level")).toThrow(ConfigurationError);
  expect(() => parseToyLevel("loud", "--toy-level")).toThrow(/--toy-level must be low or high/);
});
`;

const FLAG_TEST = `
it("queues resume takes --toy-level", async () => {
  expect(await parsed(queuesResume, ["q1", "--toy-level", "high"])).toMatchObject({ toyLevel: "high" });
});
`;

const INPUT = `  toy-level:
    description: "How loud the toy is: low or high."
    required: false
    default: low
`;

const ROW = "| `toy-level`          | no       | `low`   | How loud the toy is: `low` or `high`. |\n";

/** "An input the CLI also gets": a toy level that `queues resume` and resume-queue both take. */
export const INPUT_WALK: Walk = {
  heading: "An input the CLI also gets",
  steps: {
    1: {
      names: "packages/core/src/schemas/<rule>.ts",
      files: [`${CORE}/src/schemas/toy-level.ts`, `${CORE}/src/internal.ts`],
      apply(copy) {
        copy.write(`${CORE}/src/schemas/toy-level.ts`, RULE);
        const internal = copy.read(`${CORE}/src/internal.ts`);
        copy.write(
          `${CORE}/src/internal.ts`,
          `${internal}export { parseToyLevel, TOY_LEVELS, type ToyLevel } from "./schemas/toy-level.ts";\n`,
        );
      },
    },
    2: {
      names: "packages/cli/src/commands/<group>-<name>.flags.ts",
      files: [
        `${CLI}/src/commands/queues-resume.flags.ts`,
        `${CLI}/src/commands/queues-resume.ts`,
        `${CLI}/README.md`,
      ],
      apply(copy) {
        copy.replace(
          `${CLI}/src/commands/queues-resume.flags.ts`,
          "  ...TARGET_FLAGS,\n",
          '  ...TARGET_FLAGS,\n  { flags: "--toy-level <level>", description: "low or high", default: "low" },\n',
        );
        copy.write(
          `${CLI}/src/commands/queues-resume.ts`,
          `import { parseToyLevel } from "@stashkit/core/internal";\n${copy
            .read(`${CLI}/src/commands/queues-resume.ts`)
            .replace(
              '= command("resume");',
              '= (flags, context) => {\n  parseToyLevel(flags.toyLevel, "--toy-level");\n  return command("resume")(flags, context);\n};',
            )}`,
        );
        copy.replace(
          `${CLI}/README.md`,
          "`stashkit queues resume [names…]",
          "`stashkit queues resume [names…] [--toy-level low\\|high]",
        );
      },
    },
    3: {
      names: "actions/<name>/action.yml",
      files: [`${ACTION}/action.yml`, `${ACTION}/README.md`, `${ACTION}/src/inputs.ts`],
      apply(copy) {
        copy.replace(`${ACTION}/action.yml`, "  mask-endpoint:\n", `${INPUT}  mask-endpoint:\n`);
        copy.replace(`${ACTION}/README.md`, "| `mask-endpoint`  ", `${ROW}| \`mask-endpoint\`  `);
        const inputs = `${ACTION}/src/inputs.ts`;
        copy.replace(
          inputs,
          'import type { IfMissing } from "@stashkit/core/internal";',
          'import { type IfMissing, parseToyLevel } from "@stashkit/core/internal";',
        );
        copy.replace(inputs, "  maskEndpoint: boolean;\n", "  maskEndpoint: boolean;\n  toyLevel: string;\n");
        copy.replace(
          inputs,
          '    maskEndpoint: readBoolean("mask-endpoint", true),\n',
          '    maskEndpoint: readBoolean("mask-endpoint", true),\n    toyLevel: parseToyLevel(readInput("toy-level"), "toy-level"),\n',
        );
        copy.replace(
          inputs,
          "import { readBoolean, readIfMissing,",
          "import { readBoolean, readIfMissing, readInput,",
        );
      },
    },
    4: {
      names: "packages/cli/test/flags.test.ts",
      files: [
        `${CORE}/test/toy-level.test.ts`,
        `${CLI}/test/flags.test.ts`,
        `${ACTION}/test/inputs.test.ts`,
        ".changeset/toy-level.md",
      ],
      apply(copy) {
        copy.write(`${CORE}/test/toy-level.test.ts`, RULE_TEST);
        copy.write(`${CLI}/test/flags.test.ts`, `${copy.read(`${CLI}/test/flags.test.ts`)}${FLAG_TEST}`);
        copy.replace(
          `${ACTION}/test/inputs.test.ts`,
          "      maskEndpoint: true,\n",
          '      maskEndpoint: true,\n      toyLevel: "low",\n',
        );
        copy.write(
          ".changeset/toy-level.md",
          '---\n"@stashkit/core": minor\n"@stashkit/cli": minor\n"@stashkit/resume-queue-action": minor\n---\n\nA toy level.\n',
        );
      },
    },
  },
  // The CLI and the action read core's build. The action's bundle (step 3's `pnpm run build`) is
  // not made here: the checks read its sources, and check-dist holds the committed bundle to them.
  prepare: [
    { folder: ".", command: "node", args: ["scripts/api-report.mjs", "--write"] },
    { folder: CORE, command: "npx", args: ["tsc", "-p", "tsconfig.build.json"] },
  ],
  checks: [
    { folder: CORE, command: "npx", args: ["vitest", "run", "test/toy-level.test.ts"] },
    { folder: CLI, command: "npx", args: ["vitest", "run", "test/flags.test.ts"] },
    { folder: ACTION, command: "npx", args: ["vitest", "run", "test/inputs.test.ts"] },
    { folder: "scripts", command: "npx", args: ["vitest", "run", "test/actions-metadata.test.ts"] },
    { folder: CLI, command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
    { folder: ACTION, command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
    { folder: ".", command: "node", args: ["scripts/api-report.mjs"] },
  ],
  // Without the flag, commander refuses --toy-level; without the input, the action reads no toy level.
  omissions: [
    { step: 2, check: 1 },
    { step: 3, check: 2 },
  ],
};
