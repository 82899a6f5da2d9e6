import { Command, CommanderError, Option } from "commander";
import { z } from "zod";
import type { EmulatorOptions } from "../options/emulator-options.ts";
import { declaredOptions, type FlagValues, optionsFromFlags } from "../options/option-list.ts";
import { qstashDevPort } from "../options/qstash-dev.ts";
import { flagsFromVariables } from "../options/variables.ts";
import { OWN_FLAGS } from "./declarations.ts";

export interface CommandLine {
  /** Every flag's value: given, else from its variable (with `--from-env`), else its default. */
  values: FlagValues;
  options: EmulatorOptions;
  help: boolean;
}

/** A flag the command does not take, a missing value, an extra argument: one line, with commander's "did you mean". */
export class UsageProblem extends Error {
  override name = "UsageProblem";
}

/**
 * Commander parses (so a mistyped flag gets its "did you mean", as every `stashkit` command
 * does), knowing each flag of the declarations, with no default: defaults are applied after the
 * flags and `--from-env`'s variables are merged, so a variable is never hidden by a default.
 */
function parser(): { command: Command; flagOf: Map<string, string> } {
  const command = new Command()
    .exitOverride()
    .helpOption(false)
    .allowExcessArguments(false)
    .configureOutput({ writeErr: () => {}, writeOut: () => {} });
  const flagOf = new Map<string, string>();
  const add = (flag: string, value: string | undefined, repeatable: boolean) => {
    const option = new Option(`--${flag}${value === undefined ? "" : ` <${value}>`}`);
    if (repeatable)
      option.argParser((text: string, previous: string[] | undefined) => [...(previous ?? []), text]);
    command.addOption(option);
    flagOf.set(option.attributeName(), flag);
  };
  for (const { info, repeatable, schema } of declaredOptions()) {
    // A switch (`--qstash-dev`) takes no value.
    const value = schema instanceof z.ZodBoolean ? undefined : info.value || "value";
    if (info.flag !== undefined) add(info.flag, value, repeatable);
  }
  for (const { flag, value, repeatable } of OWN_FLAGS) add(flag, value, repeatable === true);
  command.addOption(new Option("-h, --help"));
  return { command, flagOf };
}

function cliDefaults(): FlagValues {
  const defaults: FlagValues = {};
  for (const { info } of declaredOptions()) {
    if (info.flag !== undefined && info.cliDefault !== undefined) defaults[info.flag] = info.cliDefault;
  }
  return defaults;
}

/**
 * What edit distance cannot find. `--env-file` is Node's own flag (it reads variables from the
 * file, even after the script), so the emulator writes its variables with `--write-env-file`.
 */
const HINTS: Record<string, string> = {
  "unknown option '--env-file'":
    "(Did you mean --write-env-file? --env-file is Node's own flag, which reads variables from a file)",
};

/**
 * The command line's flags and the options they make; throws a `UsageProblem` for a flag it does
 * not take, or an `InvalidSettingError` naming the flag or variable of a bad value.
 */
export function readCommandLine(args: readonly string[], env: NodeJS.ProcessEnv): CommandLine {
  const { command, flagOf } = parser();
  try {
    command.parse([...args], { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // "error: unknown option '--prot'\n(Did you mean --port?)": one line, without commander's prefix.
    const line = error.message.replace(/^error: /, "").split("\n")[0] ?? error.message;
    const hint = HINTS[line] ?? error.message.split("\n").slice(1).join(" ");
    throw new UsageProblem(hint === "" ? line : `${line} ${hint}`);
  }
  const given: FlagValues = {};
  for (const [attribute, value] of Object.entries(command.opts())) {
    given[flagOf.get(attribute) ?? attribute] = value as FlagValues[string];
  }
  if (given["help"]) return { values: given, options: {}, help: true };
  const fromEnv = OWN_FLAGS.filter((own) => own.fromEnv === true);
  const variables = given["from-env"] ? flagsFromVariables(env, fromEnv) : { values: {}, sources: {} };
  // With --qstash-dev and no port given, the SDK's dev port, before the default port applies.
  const values = { ...cliDefaults(), ...qstashDevPort({ ...variables.values, ...given }, env) };
  const sources = Object.fromEntries(
    Object.entries(variables.sources).filter(([flag]) => given[flag] === undefined),
  );
  return { values, options: optionsFromFlags(values, env, sources), help: false };
}
