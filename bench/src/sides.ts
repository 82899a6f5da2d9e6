// The two sides of a comparison and the scenarios the run table holds: how each side is started
// (our action as the runner starts it, or a command), and what a scenario compares.
import { join, relative } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { type GitHubStandIn, prepareActionRun } from "@stashkit/testing";
import { root } from "./bench-options.ts";
import { type RunOptions, type Sample, timeCommand } from "./measure.ts";
import type { Requests } from "./row.ts";
import type { TargetKind } from "./verdict.ts";

export interface Side {
  label: string;
  run: (options?: RunOptions) => Promise<Sample>;
}

export interface Comparison {
  against: string;
  /** The largest acceptable median ratio (ours / theirs), when there is a target. */
  target?: number;
  note?: string;
  /** Pairs for this comparison when not the default (a slow alternative). */
  pairs?: number;
  /** Also time both sides by phase, in the phase pairs of their own. */
  phases?: boolean;
}

/** Targets on our runs alone (requests, time, memory), judged on the medians. */
export interface OwnTarget {
  text: string;
  /** Each check says what it judges: a quick run leaves time out (see verdict.ts). */
  checks: { judges: TargetKind; met: (ours: { ms: number; requests: Requests; rssMb: number }) => boolean }[];
}

/** One scenario of the run table. */
export interface Scenario {
  id: string;
  title: string;
  /** Whose requests are counted. Default: the shared emulator of S1–S4. */
  server?: RunningEmulator;
  github?: GitHubStandIn;
  prepare?: (server: RunningEmulator) => void | Promise<void>;
  ours: (options?: RunOptions) => Promise<Sample>;
  /** Alternatives to compare with, pair by pair; none for a scenario judged by `own` alone. */
  others: (Side & Comparison)[];
  /** Runs of a scenario without alternatives, when not the default. */
  pairs?: number;
  own?: OwnTarget;
  /** Figures of its own the runs reported (in $GITHUB_OUTPUT), summed up for the table's note. */
  describe?: (ours: Sample[], theirs: Sample[]) => string;
}

const baseEnv = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp" };

/** Our action, started the way the runner starts it. */
export function ours(
  actionDir: string,
  inputs: Record<string, string>,
  env: Record<string, string>,
  expectExit = 0,
) {
  const run = async (options?: RunOptions): Promise<Sample> => {
    const prepared = prepareActionRun({ actionDir, inputs, env });
    const sample = await timeCommand(process.execPath, [prepared.entry], prepared.env, options);
    if (sample.exitCode !== expectExit) throw new Error(`our ${actionDir} exited ${sample.exitCode}`);
    return sample;
  };
  // The same run of the same action from another checkout, for --baseline.
  const from = (otherRoot: string) =>
    ours(join(otherRoot, relative(root, actionDir)), inputs, env, expectExit);
  return Object.assign(run, { from });
}

export type OurRun = ReturnType<typeof ours>;

/** Another program, which must exit 0. */
export function command(label: string, file: string, args: string[], env: Record<string, string>) {
  return async (options?: RunOptions): Promise<Sample> => {
    const sample = await timeCommand(file, args, { ...baseEnv, ...env }, options);
    if (sample.exitCode !== 0) throw new Error(`${label} exited ${sample.exitCode}`);
    return sample;
  };
}

/** With `--baseline=DIR`, our run from there too (target: within 5 %); nothing without it. */
export function againstBaseline(baseline: string | undefined, run: OurRun): (Side & Comparison)[] {
  return baseline === undefined
    ? []
    : [{ label: "ours before (--baseline)", against: "baseline", target: 1.05, run: run.from(baseline) }];
}
