// Runs the scenarios of the table: each comparison in pairs alternating A B, B A, each run after
// the scenario's preparation and counted in requests, then the medians and the verdict as a row.
import type { RunningEmulator } from "@stashkit/emulator";
import type { BenchOptions } from "./bench-options.ts";
import type { RunOptions, Sample } from "./measure.ts";
import { median } from "./median.ts";
import { medianPhases, type PhasePoints } from "./phases.ts";
import type { Requests, Row } from "./row.ts";
import type { Comparison, Scenario, Side } from "./sides.ts";
import { type Judgement, verdictOf } from "./verdict.ts";

type Measured = Sample & { requests: Requests };

/** Runs one side once, after the scenario's preparation, counting the requests it sent. */
async function measured(
  scenario: Scenario,
  shared: RunningEmulator,
  run: (options?: RunOptions) => Promise<Sample>,
  options?: RunOptions,
): Promise<Measured> {
  const server = scenario.server ?? shared;
  await scenario.prepare?.(server);
  const before = server.requestCounts();
  const githubBefore = scenario.github?.requests.length ?? 0;
  const sample = await run(options);
  const after = server.requestCounts();
  return {
    ...sample,
    requests: {
      api: after.served - before.served,
      rateLimited: after.rateLimited - before.rateLimited,
      github: (scenario.github?.requests.length ?? 0) - githubBefore,
    },
  };
}

/** The median CPU time of a side's runs; NaN when they are not Node processes (curl, bash). */
const medianCpu = (samples: Sample[]): number =>
  samples.length > 0 && samples.every((s) => s.cpuMs !== undefined)
    ? median(samples.map((s) => s.cpuMs as number))
    : Number.NaN;

const medianRequests = (samples: { requests: Requests }[]): Requests => ({
  api: median(samples.map((s) => s.requests.api)),
  rateLimited: median(samples.map((s) => s.requests.rateLimited)),
  github: median(samples.map((s) => s.requests.github)),
});

/** The rows of every scenario asked for (`--only`, `--against`), in the table's order. */
export async function runScenarios(
  scenarios: readonly Scenario[],
  options: BenchOptions,
  shared: RunningEmulator,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    if (options.only && !options.only.includes(scenario.id)) continue;
    const others = scenario.others.filter(
      (o) => !options.againstOnly || options.againstOnly.includes(o.against),
    );
    if (options.againstOnly && others.length === 0) continue;
    const sides: ((Side & Comparison) | undefined)[] = others.length > 0 ? others : [undefined];
    for (const other of sides) rows.push(await compared(scenario, other, options, shared));
  }
  return rows;
}

/** One row: our side against one other (or our own targets), in pairs. */
async function compared(
  scenario: Scenario,
  other: (Side & Comparison) | undefined,
  options: BenchOptions,
  shared: RunningEmulator,
): Promise<Row> {
  const mine: Measured[] = [];
  const theirs: Measured[] = [];
  const ratios: number[] = [];
  const wanted = other?.pairs ?? scenario.pairs ?? options.pairs;
  const pairs = options.fewer ? Math.min(options.pairs, wanted) : wanted;
  for (let pair = 0; pair < pairs; pair++) {
    // A B, then B A: neither side always goes first.
    const order = pair % 2 === 0 ? ["ours", "theirs"] : ["theirs", "ours"];
    for (const side of order) {
      if (side === "ours") mine.push(await measured(scenario, shared, scenario.ours));
      else if (other) theirs.push(await measured(scenario, shared, other.run));
    }
    const last = mine.at(-1);
    const lastTheirs = theirs.at(-1);
    if (last && lastTheirs) ratios.push(last.ms / lastTheirs.ms);
  }
  const ratio = ratios.length > 0 ? median(ratios) : Number.NaN;
  const oursMs = median(mine.map((s) => s.ms));
  const oursRequests = medianRequests(mine);
  const oursRssMb = Math.max(...mine.map((s) => s.rssMb ?? 0));
  const figures = { ms: oursMs, requests: oursRequests, rssMb: oursRssMb };
  const judgements: Judgement[] = [
    ...(other?.target === undefined ? [] : [{ judges: "time" as const, met: ratio <= other.target }]),
    ...(scenario.own?.checks.map((check) => ({ judges: check.judges, met: check.met(figures) })) ?? []),
  ];
  return {
    scenario: scenario.id,
    title: scenario.title,
    against: other?.label ?? "(own targets)",
    oursMs,
    theirsMs: theirs.length > 0 ? median(theirs.map((s) => s.ms)) : Number.NaN,
    ratio,
    target: other?.target,
    ownTarget: scenario.own?.text,
    verdict: verdictOf(judgements, options.quick),
    note: [other?.note, scenario.describe?.(mine, theirs)].filter(Boolean).join("; ") || undefined,
    oursRssMb,
    oursCpuMs: medianCpu(mine),
    theirsCpuMs: medianCpu(theirs),
    pairs,
    oursRequests,
    theirsRequests: theirs.length > 0 ? medianRequests(theirs) : undefined,
    ...(other?.phases ? { phases: await byPhase(scenario, other, options, shared) } : {}),
  };
}

/** Both sides timed by phase, alternating as the timed pairs do: the medians of each phase. */
async function byPhase(
  scenario: Scenario,
  other: Side,
  options: BenchOptions,
  shared: RunningEmulator,
): Promise<NonNullable<Row["phases"]>> {
  const mine: PhasePoints[] = [];
  const theirs: PhasePoints[] = [];
  for (let pair = 0; pair < options.phasePairs; pair++) {
    const order = pair % 2 === 0 ? [scenario.ours, other.run] : [other.run, scenario.ours];
    for (const run of order) {
      const { phases } = await measured(scenario, shared, run, { phases: true });
      if (phases) (run === scenario.ours ? mine : theirs).push(phases);
    }
  }
  return { pairs: options.phasePairs, ours: medianPhases(mine), theirs: medianPhases(theirs) };
}
