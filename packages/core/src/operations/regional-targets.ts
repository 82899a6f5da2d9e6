import type { QStashRegion } from "../regions/qstash-regions.ts";
import { checkRegions, type RegionalClient } from "../regions/region-check.ts";
import { targetsSelection } from "../schemas/target-selection.ts";
import { pauseTargets } from "./pause-targets.ts";
import { resumeTargets } from "./resume-targets.ts";
import { type TargetsInput, validateTargets } from "./run-targets.ts";
import type { PauseOutcome, ResumeOutcome, Target } from "./targets.ts";

/** What one region's pause or resume came to: its outcomes, each naming the region. */
export interface RegionalOutcomes<O> {
  region: QStashRegion | undefined;
  baseUrl: string;
  outcomes: O[];
}

/**
 * Pauses the same targets in every region given, in one step: every name is checked and every
 * region read (a token of the other region refused, `RegionMismatchError`) before anything is
 * paused anywhere; then each region's targets are paused as `pauseTargets` does, side by side.
 * Each outcome names its region.
 */
export async function pauseInRegions(
  regions: readonly RegionalClient[],
  input: TargetsInput,
): Promise<RegionalOutcomes<PauseOutcome>[]> {
  validateTargets(input);
  await checkRegions(regions, { signal: input.signal, deadline: input.deadline });
  return Promise.all(
    regions.map(async ({ setting, client }) => ({
      region: setting.region,
      baseUrl: client.baseUrl,
      outcomes: withRegion(await pauseTargets(client, input), setting.region),
    })),
  );
}

/**
 * Resumes in each region what `pick` names for it: the same lists in every region, or exactly
 * what a pause reported there (`targetsByRegion`). A region given nothing is left alone. Every
 * region is read first, as for a pause.
 */
export async function resumeInRegions(
  regions: readonly RegionalClient[],
  input: TargetsInput,
  pick: (region: QStashRegion | undefined) => TargetsInput | undefined = () => input,
): Promise<RegionalOutcomes<ResumeOutcome>[]> {
  const chosen = regions.flatMap((each) => {
    const targets = pick(each.setting.region);
    return targets === undefined ? [] : [{ ...each, targets: { ...input, ...targets } }];
  });
  for (const { targets } of chosen) validateTargets(targets);
  await checkRegions(chosen, { signal: input.signal, deadline: input.deadline });
  return Promise.all(
    chosen.map(async ({ setting, client, targets }) => ({
      region: setting.region,
      baseUrl: client.baseUrl,
      outcomes: withRegion(await resumeTargets(client, targets), setting.region),
    })),
  );
}

/** Exactly these targets, region by region (a target without a region is the single region's). */
export function targetsByRegion(
  targets: readonly Target[],
): (region: QStashRegion | undefined) => TargetsInput | undefined {
  return (region) => {
    const mine = targets.filter((target) => target.region === region);
    return mine.length === 0 ? undefined : targetsSelection(mine);
  };
}

/**
 * Every region's outcomes in one list, for the verdict and the outputs. With several regions a
 * target is missing only where no region has it: "missing" in one region is dropped when another
 * region found the same target (a queue that lives in one region only is not an error).
 */
export function acrossRegions<O extends PauseOutcome | ResumeOutcome>(
  results: readonly RegionalOutcomes<O>[],
): O[] {
  const all = results.flatMap((result) => result.outcomes);
  if (results.length < 2) return all;
  const key = (o: O) => `${o.kind}\u0000${o.name}`;
  const found = new Set(all.filter((o) => o.outcome !== "missing").map(key));
  const missingSeen = new Set<string>();
  return all
    .filter((o) => {
      if (o.outcome !== "missing") return true;
      if (found.has(key(o)) || missingSeen.has(key(o))) return false;
      missingSeen.add(key(o));
      return true;
    })
    .map((o) => {
      // Missing in every region: said once, of no region in particular.
      if (o.outcome !== "missing") return o;
      const { region: _region, ...everywhere } = o;
      return everywhere as O;
    });
}

function withRegion<O extends Target>(outcomes: O[], region: QStashRegion | undefined): O[] {
  return region === undefined ? outcomes : outcomes.map((o) => ({ ...o, region }));
}
