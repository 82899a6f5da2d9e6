import type { ActionRun } from "./run-action.ts";

/** The `::error::` lines a run printed: a failed step prints exactly one. */
export function errorLines(run: Pick<ActionRun, "stdout">): string[] {
  return run.stdout.split("\n").filter((line) => line.startsWith("::error::"));
}
