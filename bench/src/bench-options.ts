// What a `pnpm bench` run was asked for on its command line.
import { join } from "node:path";

export interface BenchOptions {
  /** `--quick` (CI): two pairs per comparison, the large scenarios smaller; time is not judged. */
  quick: boolean;
  /** Pairs per comparison (`--pairs=N` caps it for a look at a few scenarios on a busy machine). */
  pairs: number;
  /** Fewer pairs than the full run: a scenario's own pair count is capped by `pairs`. */
  fewer: boolean;
  /** Pairs timed by phase (src/phases.ts), after and apart from the timed pairs. */
  phasePairs: number;
  /** `--only=S5,S6`: the scenarios to run. */
  only: string[] | undefined;
  /** `--baseline=DIR`: our runs also from another commit's bundles under `DIR/actions/`. */
  baseline: string | undefined;
  /** `--against=baseline,floor`: only the comparisons of these kinds. */
  againstOnly: string[] | undefined;
}

const flagValue = (argv: readonly string[], name: string) =>
  argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

export function benchOptions(argv: readonly string[]): BenchOptions {
  const quick = argv.includes("--quick");
  const pairsAsked = Number(flagValue(argv, "pairs"));
  const pairs = quick ? 2 : pairsAsked > 0 ? pairsAsked : 15;
  return {
    quick,
    pairs,
    fewer: quick || pairsAsked > 0,
    // The probe's hooks never touch the times the ratios come from.
    phasePairs: quick ? 1 : Math.min(pairs, 7),
    only: flagValue(argv, "only")?.split(","),
    baseline: flagValue(argv, "baseline"),
    againstOnly: flagValue(argv, "against")?.split(","),
  };
}

/** Where the bench finds what it runs. */
export const root = join(import.meta.dirname, "../..");
export const alternatives = join(import.meta.dirname, "../alternatives");
export const ENSURE = join(root, "actions/ensure-search-index");
export const RESUME = join(root, "actions/resume-queue");
export const DELETE = join(root, "actions/delete-search-index");
export const CLI = join(import.meta.dirname, "../node_modules/@upstash/cli/dist/cli.js");
export const STASHKIT = join(root, "packages/cli/dist/bin.js");
