import type { Placeholder, TemplateValues } from "@stashkit/core";
import type { CiRun } from "./ci-run.ts";

export type Environment = Record<string, string | undefined>;

/** Which environment variable gives each placeholder on one CI system, and why one may be unset. */
export interface EnvRunSpec {
  system: string;
  /** The variables read for each placeholder, first non-empty wins. */
  sources: Partial<Record<Placeholder, readonly string[]>>;
  /** Said after "has no value" when a variable is unset: " (CI_MERGE_REQUEST_IID is set in merge request pipelines)". */
  hints?: Partial<Record<Placeholder, string>>;
  /** Turns a raw value into the placeholder's value (a pull request URL into its number); "" drops it. */
  refine?: Partial<Record<Placeholder, (value: string) => string>>;
}

/** A CiRun read straight from environment variables, as every CI system but GitHub's needs. */
export function envRun(spec: EnvRunSpec, env: Environment): CiRun {
  const values: TemplateValues = {};
  for (const [placeholder, names] of Object.entries(spec.sources) as [Placeholder, readonly string[]][]) {
    const raw = names.map((name) => env[name]?.trim() ?? "").find((value) => value !== "") ?? "";
    const value = spec.refine?.[placeholder]?.(raw) ?? raw;
    if (value !== "") values[placeholder] = value;
  }
  return {
    system: spec.system,
    values,
    whereMissing: (placeholder) => {
      const names = spec.sources[placeholder];
      const unset =
        names && names.length > 0
          ? `: ${names.join(" / ")} ${names.length > 1 ? "are" : "is"} not set`
          : ` (${spec.system} does not give it)`;
      return ` on ${spec.system}${unset}${spec.hints?.[placeholder] ?? ""}`;
    },
  };
}

/** The trailing number of a pull request URL such as https://github.com/acme/app/pull/42. */
export function trailingNumber(value: string): string {
  return /(\d+)\/?$/.exec(value)?.[1] ?? "";
}

/** "group/sub/project" -> "project": the repository's own name, as GitHub's {repo} is. */
export function lastSegment(value: string): string {
  return value.replace(/\/+$/, "").split("/").pop() ?? "";
}
