import type { Command } from "commander";
import type { CommandModule } from "./execute.ts";
import type { CommonFlags, Format } from "./options/common.ts";
import { addFlags, type FlagSpec, type FlagValues, type Positional } from "./options/flags.ts";

/**
 * One command, declared in its own `*.command.ts`: its flags (typed from this declaration),
 * help and how it runs. Its work is in a module loaded only when it runs, so `--help` and
 * `--version` load nothing but commander and these declarations.
 */
export interface CommandDeclaration<F extends readonly FlagSpec[]> {
  /** "search ensure": the words after `stashkit`. */
  name: string;
  /** Other names the command answers to (`search import` for `search seed`), shown in the help. */
  aliases?: readonly string[];
  description: string;
  flags: F;
  positional?: { syntax: string; description: string };
  examples: readonly string[];
  /** Runs the command and returns its exit code; never calls process.exit, so output drains. */
  run(flags: FlagValues<F> & Positional): Promise<number>;
}

const CREDENTIALS = {
  management: "UPSTASH_EMAIL and UPSTASH_API_KEY (or --email and --api-key)",
  messaging: "QSTASH_TOKEN (or --token)",
} as const;

/**
 * `run` for a command of an API: the shared flags, deadline, output and exit codes of `execute`.
 * `outputFile: "data"`: the command writes its own data to `--output-file` (`search export`'s
 * documents), and its result goes to stdout.
 */
export function apiCommand<Flags extends CommonFlags>(
  name: string,
  api: keyof typeof CREDENTIALS,
  load: () => Promise<CommandModule<Flags>>,
  options: { outputFile?: "result" | "data"; formats?: readonly Format[] } = {},
): (flags: Flags) => Promise<number> {
  return async (flags) => {
    const { execute } = await import("./execute.ts");
    return execute({ name, credentials: CREDENTIALS[api], load, ...options }, flags);
  };
}

export function examples(lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join("\n")}\n`;
}

/** Adds a declared command under `parent` (the program, or a group such as `search`). */
export function addCommand<F extends readonly FlagSpec[]>(
  parent: Command,
  declaration: CommandDeclaration<F>,
): Command {
  const command = parent.command(declaration.name.split(" ").at(-1) ?? declaration.name);
  command.description(declaration.description);
  for (const alias of declaration.aliases ?? []) command.alias(alias);
  const { positional } = declaration;
  if (positional) command.argument(positional.syntax, positional.description);
  addFlags(command, declaration.flags);
  command.addHelpText("after", examples(declaration.examples));
  command.action(async (...args: unknown[]) => {
    // Commander hands over (…arguments, options, command). The options' names and types are
    // those the declaration's flags give (FlagValues), commander's own rule for both.
    const options = args.at(-2) as FlagValues<F>;
    // A variadic argument (`<databases...>`) arrives as a list, a single one (`<name>`) as a
    // string, an optional one not given (`[name]`) as undefined.
    const given = args[0] as string[] | string | undefined;
    const names = given === undefined ? [] : Array.isArray(given) ? given : [given];
    const values = positional ? { ...options, names } : options;
    process.exitCode = await declaration.run(values);
  });
  return command;
}
