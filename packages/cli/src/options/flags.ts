import { type Command, Option } from "commander";

/**
 * One flag as commander takes it. Its value's name and type are derived from `flags` (commander's
 * own rule: the long name in camelCase), so a command module that reads a renamed flag no longer
 * compiles.
 */
export interface FlagSpec {
  /** "--name <template>", "-q, --quiet", "--open [values...]". */
  readonly flags: string;
  readonly description: string;
  readonly default?: string;
  /** Each use appends one value: a variadic flag would swallow the positional names after it. */
  readonly repeatable?: true;
  /**
   * Other spellings this command still accepts ("--file" for "--seed-file"): hidden from the
   * flag list, named in the flag's help, read into the flag's own value, offered by "did you mean".
   */
  readonly aliases?: readonly `--${string}`[];
}

type LongName<F extends string> = F extends `${string}--${infer Rest}`
  ? Rest extends `${infer Name} ${string}`
    ? Name
    : Rest
  : never;
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** "--timeout-seconds <n>" → "timeoutSeconds", as commander names the option's value. */
export type AttributeName<F extends string> = CamelCase<LongName<F>>;

type ValueOf<S extends FlagSpec> = S extends { repeatable: true }
  ? string[]
  : S["flags"] extends `${string}...]`
    ? string[] | true
    : S["flags"] extends `${string}<${string}>`
      ? string
      : boolean;

/** The values commander hands over for these flags; each is absent when not given and without default. */
export type FlagValues<T extends readonly FlagSpec[]> = {
  [S in T[number] as AttributeName<S["flags"]>]?: ValueOf<S>;
};

/** The positional queue names of `queues pause|resume`, joined to the flags. */
export interface Positional {
  names?: string[];
}

/** The runtime twin of `AttributeName`, checked against commander's own in the tests. */
export function attributeName(flags: string): string {
  const long = /--([\w-]+)/.exec(flags)?.[1] ?? "";
  return long.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Another spelling of a flag: its value goes where the flag's goes (commander stores a value under
 * `attributeName()`), so `--file a --seed-file b` gives `seedFile: ["a", "b"]`.
 */
export class AliasOption extends Option {
  /** "--seed-file": the flag this one is another name of. */
  readonly canonical: string;
  readonly #attribute: string;

  constructor(alias: string, of: Option) {
    // The alias takes a value as the flag does: "--file <path>" for "--seed-file <path>".
    super(`${alias}${of.flags.slice(of.flags.indexOf(of.long ?? "") + (of.long ?? "").length)}`);
    this.canonical = of.long ?? "";
    this.#attribute = of.attributeName();
    this.hideHelp();
  }

  override attributeName(): string {
    return this.#attribute;
  }
}

/** Adds the flags, and each one's aliases, to a command. */
export function addFlags(command: Command, specs: readonly FlagSpec[]): Command {
  for (const spec of specs) {
    const aliases = spec.aliases ?? [];
    const also = aliases.length === 0 ? "" : ` (also ${aliases.join(", ")})`;
    const option = new Option(spec.flags, `${spec.description}${also}`);
    if (spec.default !== undefined) option.default(spec.default);
    if (spec.repeatable) option.argParser(collect);
    command.addOption(option);
    for (const alias of aliases) {
      const other = new AliasOption(alias, option);
      if (spec.repeatable) other.argParser(collect);
      command.addOption(other);
    }
  }
  return command;
}

/** Commander's way to repeat an option: each use appends (no default, so help shows none). */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
