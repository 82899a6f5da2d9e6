import { detectCiRun } from "@stashkit/ci-context";
import {
  type DesiredState,
  type EnvironmentNames,
  type LoadedDeclaration,
  type Placeholder,
  readDeclarationFile,
  resolveEnvironment,
  resolveNames,
  type TemplateValues,
} from "@stashkit/core";
import type { CommandContext } from "../context.ts";
import { nonEmpty } from "../options/common.ts";
import { RUN_FLAGS, type RunFlags } from "../options/run-values.ts";
import { UsageError } from "../usage-error.ts";
import type { QStashDestroyFlags } from "./qstash-destroy.flags.ts";

/** The flags that say which file, environment, variables and run values: every qstash command's but export's. */
export type DeclarationFlags = Pick<QStashDestroyFlags, "config" | "env" | "var"> & RunFlags;

/**
 * Reads the declaration file and what environment `--env` asks of the account: placeholders
 * from the CI system (or --pr, --branch...), --var over the file's vars, secrets from the
 * environment. Every problem is refused here, before anything is sent; the secrets read are
 * masked in everything the command prints from here on.
 */
export async function readDesired(flags: DeclarationFlags, context: CommandContext): Promise<DesiredState> {
  const { loaded, options } = await openDeclaration(flags, context);
  const desired = resolveEnvironment(loaded, { ...options, env: context.env });
  context.redactor.add(...desired.secrets);
  return desired;
}

/** The environment's prefix and the names it declares: a destroy reads no value and no secret. */
export async function readNames(flags: DeclarationFlags, context: CommandContext): Promise<EnvironmentNames> {
  const { loaded, options } = await openDeclaration(flags, context);
  return resolveNames(loaded, options);
}

export async function openDeclaration(flags: DeclarationFlags, context: CommandContext) {
  const environment = nonEmpty(flags.env, "--env");
  const vars = readVars(flags.var ?? []);
  const config = nonEmpty(flags.config ?? "stashkit.qstash.yaml", "--config");
  const loaded: LoadedDeclaration = await readDeclarationFile(config);
  const run = detectCiRun(context.env);
  const values: TemplateValues = { ...run.values };
  for (const [placeholder, { key }] of Object.entries(RUN_FLAGS) as [
    Placeholder,
    { key: keyof RunFlags },
  ][]) {
    const given = flags[key];
    if (given !== undefined && given.trim() !== "") values[placeholder] = given.trim();
  }
  const whereMissing = (placeholder: Placeholder) =>
    `${run.whereMissing(placeholder)}; pass ${RUN_FLAGS[placeholder].flag} <value>`;
  return { loaded, options: { environment, values, whereMissing, vars } };
}

/** `--var name=value`, each once. */
export function readVars(given: readonly string[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const entry of given) {
    const at = entry.indexOf("=");
    const name = at < 0 ? "" : entry.slice(0, at).trim();
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
      throw new UsageError(
        "--var",
        `--var takes name=value, the name of a-z, 0-9 and _ (starting with a letter or _); got ${JSON.stringify(entry)}`,
      );
    }
    if (name in vars) throw new UsageError("--var", `--var gives ${name} twice`);
    vars[name] = entry.slice(at + 1);
  }
  return vars;
}
