import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { z } from "zod";
import type { EmulatorOptions } from "./options/emulator-options.ts";
import { declaredOptions, type FlagValues, optionsFromFlags } from "./options/option-list.ts";
import { qstashDevPort } from "./options/qstash-dev.ts";
import { flagsFromVariables } from "./options/variables.ts";

/** Flags of this command only; every emulator option's flag comes from its declaration. */
const OWN_FLAGS = [
  [
    "pid-file",
    "PATH",
    "write this process's id there once listening (removed on a clean stop), so a later CI step can stop it even when started through npx",
  ],
  [
    "fault",
    "ROUTE=SPECS",
    'e.g. --fault "POST /v2/search=503,503" (SPEC: status[:header=value], html, malformed-json, reset, hang); repeatable',
  ],
  [
    "from-env",
    "",
    "also read each option from its STASHKIT_* variable (STASHKIT_DATA_FILE for --data-file; lists comma-separated; a flag given wins); an unknown STASHKIT_* variable or a bad value stops the start naming it. The container image runs with it",
  ],
] as const;

export function helpText(): string {
  const line = (flag: string, help: string) => `  ${flag.padEnd(30)} ${wrapped(help, 33)}`;
  const lines = declaredOptions().flatMap(({ info }) => {
    if (info.flag === undefined) return [];
    const flag = `--${info.flag}${info.value ? ` ${info.value}` : ""}`;
    const extras = [info.cliDefault && `default ${info.cliDefault}`, info.env && `or set $${info.env}`];
    const suffix = extras.filter(Boolean).join("; ");
    return [line(flag, suffix ? `${info.help} (${suffix})` : info.help)];
  });
  for (const [flag, value, help] of OWN_FLAGS) lines.push(line(`--${flag}${value ? ` ${value}` : ""}`, help));
  lines.push(line("-h, --help", "this text"));
  return `stashkit-emulator: a local messaging + management API server for tests and dry runs

Usage: stashkit-emulator [options]
       stashkit-emulator export <url> <file> [--control-token T]

${lines.join("\n")}
`;
}

/** Breaks `text` into lines of at most 100 columns, the later ones indented by `indent`. */
function wrapped(text: string, indent: number): string {
  const lines = [""];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (lines[last] !== "" && indent + (lines[last] as string).length + word.length >= 100) lines.push(word);
    else lines[last] = lines[last] === "" ? word : `${lines[last]} ${word}`;
  }
  return lines.join(`\n${" ".repeat(indent)}`);
}

/** Defaults are applied after the flags and variables are merged, so a variable is not hidden by one. */
function flagConfig(): ParseArgsOptionsConfig {
  const config: ParseArgsOptionsConfig = { help: { type: "boolean", short: "h" } };
  for (const { info, repeatable, schema } of declaredOptions()) {
    if (info.flag === undefined) continue;
    if (schema instanceof z.ZodBoolean) config[info.flag] = { type: "boolean" };
    else config[info.flag] = { type: "string", ...(repeatable ? { multiple: true } : {}) };
  }
  config["pid-file"] = { type: "string" };
  config["fault"] = { type: "string", multiple: true };
  config["from-env"] = { type: "boolean" };
  return config;
}

function cliDefaults(): FlagValues {
  const defaults: FlagValues = {};
  for (const { info } of declaredOptions()) {
    if (info.flag !== undefined && info.cliDefault !== undefined) defaults[info.flag] = info.cliDefault;
  }
  return defaults;
}

export interface CommandLine {
  /** Every flag's value: given, else from its variable (with `--from-env`), else its default. */
  values: FlagValues;
  options: EmulatorOptions;
}

/**
 * The command line's flags and the options they make; throws for an unknown flag (a `TypeError`
 * from `parseArgs`) or an `InvalidSettingError` naming the flag or variable of a bad value.
 */
export function readCommandLine(args: readonly string[], env: NodeJS.ProcessEnv): CommandLine {
  const given = parseArgs({ args: [...args], options: flagConfig() }).values as FlagValues;
  if (given["help"]) return { values: given, options: {} };
  const variables = given["from-env"] ? flagsFromVariables(env) : { values: {}, sources: {} };
  const values = { ...cliDefaults(), ...qstashDevPort({ ...variables.values, ...given }, env) };
  const sources = Object.fromEntries(
    Object.entries(variables.sources).filter(([flag]) => given[flag] === undefined),
  );
  return { values, options: optionsFromFlags(values, env, sources) };
}
