import {
  type IfMissing,
  ONLY_IF_PAUSED_BY,
  parseIfMissing,
  readTargetSelection,
  SELECTOR_KEYS,
  type SelectedTargets,
  TARGET_SELECTORS,
  type TargetLists,
} from "@stashkit/core/internal";
import { readInput } from "./inputs.ts";
import { info, warning } from "./runner/commands.ts";

/** The inputs that name what to pause or resume, in the order the step reports them: core's list. */
export const TARGET_INPUTS = SELECTOR_KEYS.map((key) => TARGET_SELECTORS[key].input);

/**
 * Reads the target inputs (newlines or commas) and, for a resume, `only-if-paused-by`, by the
 * rule the CLI follows too; every value is checked and a bad one names its input.
 */
export function readTargetInputs(mode: "pause" | "resume"): SelectedTargets {
  const lists: TargetLists = {};
  for (const key of SELECTOR_KEYS) lists[key] = [readInput(TARGET_SELECTORS[key].input)];
  const onlyIfPausedBy = mode === "resume" ? readInput(ONLY_IF_PAUSED_BY.input) : undefined;
  return readTargetSelection({ lists, onlyIfPausedBy }, "input", mode);
}

/** The `if-missing` input; an older spelling still works and leaves a warning saying what to write now. */
export function readIfMissing(): IfMissing {
  const choice = parseIfMissing(readInput("if-missing"), "if-missing", "input if-missing");
  if (choice.deprecation) warning(choice.deprecation);
  return choice.mode;
}

/** An info line that no name from an input or an API answer can split into a runner command. */
export function logLine(text: string): void {
  info(text.replace(/\r/g, "\\r").replace(/\n/g, "\\n"));
}
