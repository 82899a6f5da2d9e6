import { InvalidSettingError } from "./invalid-setting.ts";
import { declaredOptions, type FlagValues } from "./option-list.ts";

/** What every variable `--from-env` reads starts with. */
export const VARIABLE_PREFIX = "STASHKIT_";

/** The variable of a flag: `--data-file` is `STASHKIT_DATA_FILE`. */
export function variableOf(flag: string): string {
  return `${VARIABLE_PREFIX}${flag.toUpperCase().replaceAll("-", "_")}`;
}

/**
 * `STASHKIT_*` names that belong to stashkit's other tools, not to the emulator: the management
 * base URL core and the CLI read. A CI job that sets it for its app (GitLab hands a job's variables
 * to its service containers too) must not stop the emulator's container, so it is passed over.
 */
const OTHER_TOOLS = new Set(["STASHKIT_BASE_URL"]);

/** Flags read from a variable of the same name (with a flag's value wins over it). */
export interface FlagsFromVariables {
  values: FlagValues;
  /** The variable each flag's value came from, so that an error names it. */
  sources: Record<string, string>;
}

/**
 * Every option's value from its `STASHKIT_*` variable (a container's settings), lists separated
 * by commas. A `STASHKIT_*` variable that names no option stops the start, naming it: a typo
 * would otherwise be a setting silently not applied. An empty variable counts as not set; a list
 * of only commas and blanks stops the start.
 */
export function flagsFromVariables(
  env: NodeJS.ProcessEnv,
  /** Flags of the command line (not options) read from their variables too (`--public-url`). */
  more: readonly { flag: string; repeatable?: boolean | undefined }[] = [],
): FlagsFromVariables {
  const known = new Map<string, { flag: string; repeatable: boolean }>();
  for (const { flag, repeatable = false } of more) known.set(variableOf(flag), { flag, repeatable });
  for (const { info, repeatable } of declaredOptions()) {
    if (info.flag === undefined) continue;
    known.set(variableOf(info.flag), { flag: info.flag, repeatable });
    // Variables the options read already (the control token's) are known under their own name too.
    if (info.env?.startsWith(VARIABLE_PREFIX)) known.set(info.env, { flag: info.flag, repeatable });
  }
  const values: FlagValues = {};
  const sources: Record<string, string> = {};
  for (const [variable, text] of Object.entries(env)) {
    if (!variable.startsWith(VARIABLE_PREFIX) || text === undefined || OTHER_TOOLS.has(variable)) continue;
    const option = known.get(variable);
    if (option === undefined) {
      throw new InvalidSettingError(
        `${variable} is not a setting of the emulator: each option's variable is STASHKIT_ and its flag's name (STASHKIT_DATA_FILE for --data-file; see --help)`,
      );
    }
    if (text.trim() === "") continue;
    const items = text
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== "");
    // "," is not "unset": a list of nothing would fall back to the default, for STASHKIT_TOKEN
    // the public token, silently.
    if (option.repeatable && items.length === 0) {
      throw new InvalidSettingError(
        `${variable} lists no value, only commas and blanks: give values separated by commas, or leave it unset`,
      );
    }
    values[option.flag] = option.repeatable ? items : text;
    sources[option.flag] = variable;
  }
  return { values, sources };
}
