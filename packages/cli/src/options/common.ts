import { STEP_LIMITS } from "@stashkit/core/internal";
import { UsageError } from "../usage-error.ts";
import type { COMMON_FLAGS } from "./flag-sets.ts";
import type { FlagValues } from "./flags.ts";
import { FORMATS, type Format } from "./formats.ts";

export { FORMATS, type Format } from "./formats.ts";

/** The flags every command takes, as commander hands them over. */
export type CommonFlags = FlagValues<typeof COMMON_FLAGS>;

export interface Common {
  timeoutSeconds: number;
  maxAttempts: number;
  format: Format;
  /** Where the result goes instead of stdout (json, dotenv) or GITHUB_OUTPUT (github). */
  outputFile: string | undefined;
  /** For the github format: the file outputs are appended to. */
  githubOutput: string | undefined;
  showSecrets: boolean;
  quiet: boolean;
  verbose: boolean;
}

/**
 * Reads and checks the common flags; every problem is a UsageError before anything is sent.
 * `resultToFile: false`: `--output-file` is the command's own (its data), not the result's.
 */
export function readCommon(
  flags: CommonFlags,
  env: Record<string, string | undefined>,
  { resultToFile = true } = {},
): Common {
  const format = oneOf(flags.format ?? "text", FORMATS, "--format");
  const given = resultToFile ? flags.outputFile : undefined;
  const outputFile = given === undefined ? undefined : nonEmpty(given, "--output-file");
  const githubOutput = format === "github" ? (outputFile ?? env["GITHUB_OUTPUT"] ?? "") : undefined;
  if (githubOutput === "") {
    throw new UsageError(
      "--format",
      "--format github writes to the file GITHUB_OUTPUT names, and GITHUB_OUTPUT is not set; pass --output-file",
    );
  }
  if (flags.quiet && flags.verbose) throw new UsageError("--quiet", "give --quiet or --verbose, not both");
  const { timeoutSeconds, maxAttempts } = STEP_LIMITS;
  return {
    timeoutSeconds: limit(flags.timeoutSeconds, "--timeout-seconds", timeoutSeconds),
    maxAttempts: limit(flags.maxAttempts, "--max-attempts", maxAttempts),
    format,
    outputFile: format === "github" ? undefined : outputFile,
    githubOutput,
    showSecrets: flags.showSecrets === true,
    quiet: flags.quiet === true,
    verbose: flags.verbose === true,
  };
}

function limit(
  text: string | undefined,
  flag: string,
  bounds: { default: number; min: number; max: number },
) {
  return text === undefined ? bounds.default : wholeNumber(text, flag, bounds.min, bounds.max);
}

export function wholeNumber(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new UsageError(
      flag,
      `${flag} must be a whole number from ${min} to ${max}; got ${JSON.stringify(text)}`,
    );
  }
  return value;
}

export function oneOf<const T extends readonly string[]>(
  value: string,
  accepted: T,
  flag: string,
): T[number] {
  if (!accepted.includes(value)) {
    throw new UsageError(flag, `${flag} must be one of ${accepted.join(", ")}; got ${JSON.stringify(value)}`);
  }
  return value as T[number];
}

export function nonEmpty(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === "")
    throw new UsageError(flag, `${flag} is required and must not be empty`);
  return value;
}

/** `true` or `false`, as the actions' boolean inputs. */
export function booleanFlag(value: string | undefined, flag: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return oneOf(value, ["true", "false"] as const, flag) === "true";
}
