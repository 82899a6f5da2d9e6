import { ConfigurationError } from "@stashkit/core";
import * as core from "./runner/commands.ts";

/** An input as the runner passes it (`INPUT_<NAME>`), trimmed; empty when unset. */
export function readInput(name: string): string {
  return core.getInput(name);
}

export function readRequired(name: string): string {
  const value = readInput(name);
  if (value === "") throw new ConfigurationError(name, `input ${name} is required and was empty`);
  return value;
}

export function readChoice<const T extends readonly string[]>(
  name: string,
  accepted: T,
  fallback: T[number],
): T[number] {
  const value = readInput(name) || fallback;
  if (!accepted.includes(value)) {
    throw new ConfigurationError(
      name,
      `input ${name} must be one of ${accepted.join(", ")}; got ${JSON.stringify(value)}`,
    );
  }
  return value as T[number];
}

/** YAML 1.2 core booleans, as `core.getBooleanInput` accepts them, but with our error wording. */
export function readBoolean(name: string, fallback: boolean): boolean {
  const value = readInput(name);
  if (value === "") return fallback;
  if (["true", "True", "TRUE"].includes(value)) return true;
  if (["false", "False", "FALSE"].includes(value)) return false;
  throw new ConfigurationError(name, `input ${name} must be true or false; got ${JSON.stringify(value)}`);
}

export function readWholeNumber(name: string, fallback: number, min: number, max: number): number {
  const value = readInput(name);
  if (value === "") return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigurationError(
      name,
      `input ${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}`,
    );
  }
  return number;
}

/** One value or several, separated by newlines or commas; blanks dropped, duplicates kept once. */
export function readList(name: string): string[] {
  return [
    ...new Set(
      readInput(name)
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    ),
  ];
}

/** The input, else an environment variable, else a default: e.g. `token` -> `QSTASH_TOKEN`. */
export function readWithEnvFallback(name: string, envName: string, fallback = ""): string {
  return readInput(name) || (process.env[envName] ?? "").trim() || fallback;
}
