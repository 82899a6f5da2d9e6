import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RepoCopy } from "../repo-copy.ts";

/** One numbered step of a recipe, done to a copy of the repository. */
export interface WalkStep {
  /** A path the recipe's step names: the walk fails when the step no longer says it. */
  names: string;
  /** The files the step writes, from the root: leaving the step out puts them back as they were. */
  files: readonly string[];
  apply(copy: RepoCopy): void;
}

/** A command that must pass once every step is done, run in a folder of the copy. */
export interface Check {
  folder: string;
  command: string;
  args: readonly string[];
}

/** A recipe done with a toy: its steps by number, what must pass, and which steps their checks need. */
export interface Walk {
  /** The recipe's heading in CONTRIBUTING.md. */
  heading: string;
  steps: Record<number, WalkStep>;
  /** The recipe's steps the toy has no use for, by number, and why. */
  skipped?: Record<number, string>;
  checks: readonly Check[];
  /**
   * A step whose leaving out makes the check at that index fail; `files`, when given, leaves out
   * only that part of the step (the rest stays done).
   */
  omissions: readonly { step: number; check: number; files?: readonly string[] }[];
  /** Commands run after the steps and before the checks (a build the checks read). */
  prepare?: readonly Check[];
}

/** Undoes a step in the copy: its files as in the repository, or gone when the step made them. */
export function undo(root: string, copy: RepoCopy, files: readonly string[]): void {
  for (const file of files) {
    const original = join(root, file);
    if (existsSync(original)) writeFileSync(join(copy.root, file), readFileSync(original));
    else rmSync(join(copy.root, file), { force: true });
  }
}

/** Runs a check; the command and its output when it fails, for the assertion's message. */
export function runCheck(copy: RepoCopy, check: Check): { passed: boolean; report: string } {
  const { status, output } = copy.run(check.folder, check.command, check.args);
  return {
    passed: status === 0,
    report: `${check.folder}$ ${check.command} ${check.args.join(" ")}\n${output}`,
  };
}
