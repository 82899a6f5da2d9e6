import { Command } from "commander";
import { AliasOption } from "./flags.ts";
import { FORMATS } from "./formats.ts";

/**
 * The program's command class: every command made under it (`program.command(…)`, `addCommand`)
 * is one, so a command added later gets the same help for a mistyped flag without doing anything.
 * Commander's own suggestion (edit distance over the visible flags) stays the last resort; before
 * it come what edit distance cannot find (`flagHint`).
 */
export class StashkitCommand extends Command {
  /**
   * On a program that declares only the commands its command line names (`buildProgram`), the
   * whole program, made when a hint needs the other commands' flags.
   */
  wholeProgram: (() => Command) | undefined;

  override createCommand(name?: string): Command {
    return new StashkitCommand(name);
  }

  /** Commander calls this for a flag no option of the command (or its parents) takes. */
  unknownOption(flag: string): void {
    if ((this as unknown as { _allowUnknownOption: boolean })._allowUnknownOption) return;
    const hint = flagHint(flag, this);
    if (hint === undefined) commanderUnknownOption.call(this, flag);
    else this.error(`error: unknown option '${flag}'\n${hint}`, { code: "commander.unknownOption" });
  }
}

// Commander declares `unknownOption` private in its types, but it is the documented way its
// subclasses change the message (and the method we fall back on).
const commanderUnknownOption = (Command.prototype as unknown as { unknownOption(flag: string): void })
  .unknownOption;

/**
 * What to say about a flag the command does not take, or undefined when commander's own
 * "did you mean" (edit distance) should have its turn:
 * - `--json` (any format's name) is `--format json`;
 * - another command's spelling of one of this command's flags (`--file` on `search ensure`, which
 *   `search seed` takes for `--seed-file`) is that flag;
 * - the start of exactly one flag (`--dry`, `--output`) is that flag;
 * - a flag of other commands names them, so a flag in the wrong command is not just "unknown".
 */
export function flagHint(given: string, command: Command): string | undefined {
  const flag = given.split("=")[0] ?? given;
  const own = flagsOf(command);
  const word = flag.slice(2);
  if (own.has("--format") && (FORMATS as readonly string[]).includes(word))
    return `(Did you mean --format ${word}?)`;
  const root = wholeProgramOf(command);
  for (const other of commandsUnder(root)) {
    const option = other.options.find((o) => o.long === flag);
    if (option instanceof AliasOption && own.has(option.canonical))
      return `(Did you mean ${option.canonical}?)`;
  }
  const starting = [...new Set(own.values())].filter((name) => name.startsWith(flag));
  if (starting.length === 1) return `(Did you mean ${starting[0]}?)`;
  const takers = commandsUnder(root).filter(
    (other) =>
      commandPath(other) !== commandPath(command) && other.options.some((o) => o.long === flag && !o.hidden),
  );
  if (takers.length === 0) return undefined;
  const names = takers.map(commandPath);
  const shown = names.length > 3 ? `${names.slice(0, 3).join(", ")}…` : names.join(", ");
  return `(${flag} is a flag of ${shown}, not of ${commandPath(command)})`;
}

/** Every long flag the command takes, its aliases included, each mapped to the flag it spells. */
function flagsOf(command: Command): Map<string, string> {
  const flags = new Map<string, string>();
  for (let at: Command | null = command; at; at = at.parent) {
    for (const option of at.options) {
      if (option.long === undefined) continue;
      flags.set(option.long, option instanceof AliasOption ? option.canonical : option.long);
    }
  }
  return flags;
}

/** The program `command` belongs to, with every command (see `wholeProgram`). */
function wholeProgramOf(command: Command): Command {
  let at = command;
  while (at.parent) at = at.parent;
  return (at instanceof StashkitCommand ? at.wholeProgram?.() : undefined) ?? at;
}

function commandsUnder(command: Command): Command[] {
  return [command, ...command.commands.flatMap(commandsUnder)];
}

/** "stashkit search list". */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name());
  return names.join(" ");
}
