import { ConfigurationError } from "../errors/index.ts";
import { namePattern } from "./name-pattern.ts";

/**
 * The indexes no write may touch (`protect`): exact names, name templates (`myapp-pr-{pr}`) or
 * patterns with `*` for any run of characters (`*-production`). Case is ignored: protecting
 * `myapp-prod` also protects `MyApp-Prod`, the safe side of a rule that exists to prevent
 * mistakes.
 */
export interface ProtectRule {
  /** The input the entries came from (`protect`, `--protect`), for messages. */
  input: string;
  entries: readonly string[];
  /** The first entry that matches `name`, or undefined when the name is not protected. */
  match(name: string): string | undefined;
}

/** Checks every entry before anything is sent: an unknown placeholder names the input. */
export function protectRule(entries: readonly string[], input = "protect"): ProtectRule {
  const kept = entries.map((entry) => entry.trim()).filter((entry) => entry !== "");
  const matchers = kept.map((entry) => ({ entry, matches: namePattern(entry, input, { ignoreCase: true }) }));
  return {
    input,
    entries: kept,
    match: (name) => matchers.find(({ matches }) => matches(name))?.entry,
  };
}

/**
 * Refuses, before any write, to act on an index the rule protects: one line naming the protect
 * input, the entry that matched, the index and the input that named it.
 */
export function refuseProtected(
  rule: ProtectRule | undefined,
  name: string,
  target: { input: string; action: string },
): void {
  const entry = rule?.match(name);
  if (rule === undefined || entry === undefined) return;
  throw new ConfigurationError(
    rule.input,
    `${target.input} "${name}" is protected by ${rule.input} "${entry}": stashkit does not ${target.action} it (reading from it, as clone-from does, stays allowed)`,
  );
}
