import { checkRegions, type Deadline, type QStashRegion, type RegionalClient } from "@stashkit/core";
import { EXIT } from "../failure.ts";
import type { CommandResult } from "../output/result.ts";

/** One region's result of a qstash command, as `planResult` or `appliedResult` gives it. */
export interface RegionResult {
  region: QStashRegion;
  result: CommandResult;
}

/** Whether the command acts on regions (the SDK's multi-region variables) rather than one QStash. */
export function namedRegions(regions: readonly RegionalClient[]): boolean {
  return regions.some((each) => each.setting.region !== undefined);
}

/**
 * Reads every region first (a token of the other region stops the command before any write,
 * naming both regions), then runs `work` in each, one region after the other.
 */
export async function inEachRegion(
  regions: readonly RegionalClient[],
  deadline: Deadline,
  work: (region: RegionalClient) => Promise<CommandResult>,
): Promise<RegionResult[]> {
  await checkRegions(regions, { deadline });
  const results: RegionResult[] = [];
  for (const each of regions)
    results.push({ region: each.setting.region as QStashRegion, result: await work(each) });
  return results;
}

/**
 * Every region's result as one: each region's lines under its name, `{"regions": [{region,
 * ...}]}` in json, a Markdown section per region, `changed` true when any region changed, the
 * first failure, exit 3 (--detailed-exitcode) when any region's was.
 */
export function regionsResult(results: readonly RegionResult[]): CommandResult {
  const failure = results.find(({ result }) => result.failure !== undefined)?.result.failure;
  const exitCode = results.some(({ result }) => result.exitCode === EXIT.changes) ? EXIT.changes : undefined;
  const field = (output: string) => (result: CommandResult) =>
    result.fields.find((each) => each.output === output)?.value ?? "";
  return {
    lines: results.flatMap(({ region, result }) => [
      `${region}:`,
      ...result.lines.map((line) => `  ${line}`),
    ]),
    json: (withSecrets) => ({
      regions: results.map(({ region, result }) => ({ region, ...result.json(withSecrets) })),
    }),
    fields: [
      {
        env: "STASHKIT_CHANGED",
        output: "changed",
        value: String(results.some(({ result }) => field("changed")(result) === "true")),
      },
      {
        env: "STASHKIT_PLAN",
        output: "plan",
        value: JSON.stringify({
          regions: results.map(({ region, result }) => ({
            region,
            ...JSON.parse(field("plan")(result) || "{}"),
          })),
        }),
      },
    ],
    warnings: results.flatMap(({ region, result }) =>
      result.warnings.map((warning) => `${region}: ${warning}`),
    ),
    markdown: results.map(({ region, result }) => `## ${region}\n\n${result.markdown ?? ""}`).join("\n"),
    ...(failure === undefined ? {} : { failure }),
    ...(exitCode === undefined ? {} : { exitCode }),
  };
}
