import { readFileSync } from "node:fs";
import { type Command, CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { addCommand } from "../src/command.ts";
import { AliasOption } from "../src/options/flags.ts";
import { buildProgram } from "../src/program.ts";

/** Every command of the program that runs something (no group), with its words. */
function leaves(command: Command, path: string[] = []): { words: string[]; command: Command }[] {
  if (command.commands.length === 0) return [{ words: path, command }];
  return command.commands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
}

/** The message commander stops with for `argv`, parsed by the whole program (nothing runs: it fails first). */
async function refusal(program: Command, argv: string[]): Promise<string> {
  for (const { command } of leaves(program))
    command.configureOutput({ writeErr: () => {}, writeOut: () => {} });
  program.configureOutput({ writeErr: () => {}, writeOut: () => {} });
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.message;
    throw error;
  }
  throw new Error(`${argv.join(" ")} was accepted`);
}

// `stashkit emulator` hands its command line to the emulator's own front end, which has its own.
const commands = leaves(buildProgram()).filter(({ words }) => words[0] !== "emulator");

describe("did you mean: every command, those added later included", () => {
  it("finds the commands to check", () => {
    expect(commands.length).toBeGreaterThan(15);
  });

  it.each(commands.filter(({ command }) => command.options.some((o) => o.long === "--format")))(
    "$words.0 $words.1: --json is --format json",
    async ({ words }) => {
      expect(await refusal(buildProgram(), [...words, "--json"])).toBe(
        "error: unknown option '--json'\n(Did you mean --format json?)",
      );
    },
  );

  it("a command added to the program gets it without doing anything", async () => {
    const program = buildProgram();
    const search = program.commands.find((command) => command.name() === "search") as Command;
    addCommand(search, {
      name: "search toy",
      description: "a toy",
      flags: [{ flags: "--format <format>", description: "text or json" }],
      examples: [],
      run: async () => 0,
    });
    expect(await refusal(program, ["search", "toy", "--dotenv"])).toContain(
      "(Did you mean --format dotenv?)",
    );
    expect(await refusal(program, ["search", "toy", "--seed-file", "x"])).toContain(
      "(--seed-file is a flag of stashkit search ensure, stashkit search seed, not of stashkit search toy)",
    );
  });

  it.each([
    // Another command's older spelling of a flag this one takes.
    [["search", "ensure", "--file", "a.json"], "(Did you mean --seed-file?)"],
    [["search", "ensure", "--when", "always"], "(Did you mean --seed-when?)"],
    [["search", "export", "--to", "x"], "(Did you mean --name?)"],
    // The start of exactly one flag.
    [["search", "delete", "--dry"], "(Did you mean --dry-run?)"],
    [["queues", "list", "--output", "q.json"], "(Did you mean --output-file?)"],
    // A flag of other commands.
    [
      ["search", "list", "--open", "1"],
      "(--open is a flag of stashkit search prune, stashkit qstash prune, not of stashkit search list)",
    ],
    // Commander's own, by edit distance, last.
    [["search", "list", "--patern", "x"], "(Did you mean --pattern?)"],
  ])("%j: %s", async (argv, hint) => {
    expect(await refusal(buildProgram(), argv)).toBe(`error: unknown option '${argv[2]}'\n${hint}`);
    // As main.ts parses it: with only the word the command line names declared.
    expect(await refusal(buildProgram(argv), argv)).toBe(`error: unknown option '${argv[2]}'\n${hint}`);
  });

  it("every alias spells a flag of its own command, and never a flag of it", () => {
    const aliases = commands.flatMap(({ words, command }) =>
      command.options
        .filter((option): option is AliasOption => option instanceof AliasOption)
        .map((alias) => ({ words, command, alias })),
    );
    expect(aliases.length).toBeGreaterThan(8);
    for (const { words, command, alias } of aliases) {
      const flags = command.options.filter((o) => !(o instanceof AliasOption)).map((o) => o.long);
      expect(flags, `${words.join(" ")} ${alias.long}`).toContain(alias.canonical);
      expect(flags, `${words.join(" ")} ${alias.long}`).not.toContain(alias.long);
      expect(command.helpInformation().replace(/\s+/g, " ")).toMatch(
        new RegExp(`\\(also [^)]*${alias.long}\\b`),
      );
    }
  });
});

it("the README's table of aliases is the declarations' (each command's, in order)", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const table = readme.split("**One spelling per meaning.**")[1]?.split("\n\n")[1] ?? "";
  const documented = table
    .split("\n")
    .slice(2)
    .map((row) => row.split("|").map((cell) => cell.trim()))
    .map(([, command = "", aliases = "", flags = ""]) => {
      const list = (cell: string) => [...cell.matchAll(/`(--[a-z-]+)`/g)].map((m) => m[1]);
      return { command: command.replaceAll("`", ""), aliases: list(aliases), flags: list(flags) };
    });
  const declared = commands
    .map(({ words, command }) => {
      const aliases = command.options.filter(
        (option): option is AliasOption => option instanceof AliasOption,
      );
      return {
        command: words.join(" "),
        aliases: aliases.map((a) => a.long),
        flags: aliases.map((a) => a.canonical),
      };
    })
    .filter((entry) => entry.aliases.length > 0);
  expect(documented).toEqual(declared);
});

describe("the program main.ts builds: only the top-level word the command line names", () => {
  const words = [...new Set(commands.map(({ words }) => words[0] as string))];

  it("declares that word's commands alone, and every command for a line naming none", () => {
    expect(buildProgram(["search", "ensure"]).commands.map((command) => command.name())).toEqual(["search"]);
    expect(buildProgram(["--help"]).commands.map((command) => command.name())).toEqual([
      ...words,
      "emulator",
    ]);
    expect(buildProgram(["serch"]).commands).toHaveLength(buildProgram().commands.length);
  });

  it.each(commands)(
    "$words.0 $words.1: the same help, and the same hint for another word's flag",
    async (leaf) => {
      const line = leaf.words.join(" ");
      const alone = leaves(buildProgram(leaf.words)).find(({ words }) => words.join(" ") === line);
      expect(alone?.command.helpInformation()).toBe(leaf.command.helpInformation());
      const own = new Set(leaf.command.options.map((option) => option.long));
      const foreign = commands
        .filter(({ words }) => words[0] !== leaf.words[0])
        .flatMap(({ command }) => command.options.filter((o) => !o.hidden).map((o) => o.long ?? ""))
        .find((flag) => flag !== "" && ![...own].some((mine) => mine?.startsWith(flag)));
      expect(foreign).toBeDefined();
      const argv = [...leaf.words, foreign as string];
      const whole = await refusal(buildProgram(), argv);
      expect(whole).toMatch(/is a flag of stashkit /);
      expect(await refusal(buildProgram(argv), argv)).toBe(whole);
    },
  );
});
