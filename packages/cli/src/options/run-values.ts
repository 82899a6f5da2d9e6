import { detectCiRun } from "@stashkit/ci-context";
import { expandNameTemplate, type Placeholder, type TemplateValues } from "@stashkit/core";
import type { RUN_VALUE_FLAGS } from "./flag-sets.ts";
import type { FlagValues } from "./flags.ts";

/** The flag that gives each placeholder a value, overriding the CI system's. */
export const RUN_FLAGS: Record<Placeholder, { flag: string; key: keyof RunFlags }> = {
  pr: { flag: "--pr", key: "pr" },
  branch: { flag: "--branch", key: "branch" },
  sha: { flag: "--sha", key: "sha" },
  run_id: { flag: "--run-id", key: "runId" },
  repo: { flag: "--repo", key: "repo" },
};

export type RunFlags = FlagValues<typeof RUN_VALUE_FLAGS>;

/**
 * Fills name templates from the CI system the environment belongs to, with --pr, --branch,
 * --sha, --run-id and --repo taking precedence; a placeholder without a value names its flag.
 */
export function nameExpander(
  flags: RunFlags,
  env: Record<string, string | undefined>,
): (template: string, flag: string) => string {
  const run = detectCiRun(env);
  const values: TemplateValues = { ...run.values };
  for (const [placeholder, { key }] of Object.entries(RUN_FLAGS) as [
    Placeholder,
    { key: keyof RunFlags },
  ][]) {
    const given = flags[key];
    if (given !== undefined && given.trim() !== "") values[placeholder] = given.trim();
  }
  return (template, flag) =>
    expandNameTemplate(template, values, {
      input: flag,
      whereMissing: (placeholder) =>
        `${run.whereMissing(placeholder)}; pass ${RUN_FLAGS[placeholder].flag} <value>`,
    });
}
