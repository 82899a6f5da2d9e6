import { ConfigurationError } from "../errors/index.ts";

/**
 * What a pause or resume does when a queue, schedule, label, prefix or key does not exist: fail
 * (after trying the others), warn and go on, or go on silently. The same words in the actions
 * and the CLI.
 */
export const IF_MISSING = ["fail", "warn", "ignore"] as const;
export type IfMissing = (typeof IF_MISSING)[number];
export const DEFAULT_IF_MISSING: IfMissing = "fail";

/** Older spellings still accepted, each with the value it now means. */
const DEPRECATED_IF_MISSING: Readonly<Record<string, IfMissing>> = { skip: "warn" };

export interface IfMissingChoice {
  mode: IfMissing;
  /** Set when an older spelling was given: what to tell the user. */
  deprecation?: string;
}

/**
 * Reads an `if-missing` value. `name` is the input or flag it came from; `said` how messages
 * name it ("input if-missing", "--if-missing").
 */
export function parseIfMissing(value: string, name: string, said = name): IfMissingChoice {
  const given = value.trim() === "" ? DEFAULT_IF_MISSING : value.trim();
  if ((IF_MISSING as readonly string[]).includes(given)) return { mode: given as IfMissing };
  const replacement = DEPRECATED_IF_MISSING[given];
  if (replacement !== undefined) {
    return {
      mode: replacement,
      deprecation: `${said} ${given} is deprecated and will be removed; use ${replacement}, which does the same`,
    };
  }
  throw new ConfigurationError(
    name,
    `${said} must be one of ${IF_MISSING.join(", ")}; got ${JSON.stringify(value)}`,
  );
}
