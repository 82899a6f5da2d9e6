import { planQStash } from "@stashkit/core";
import { regionalClients } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { readDesired } from "./qstash-declaration.ts";
import type { QStashPlanFlags } from "./qstash-plan.flags.ts";
import { inEachRegion, namedRegions, regionsResult } from "./qstash-regions.ts";
import { planResult } from "./qstash-result.ts";

/**
 * `stashkit qstash plan`: what apply would create, update and delete; reads only. Across QStash's
 * regions (the SDK's multi-region variables), each region's plan; --region picks one.
 */
export async function run(flags: QStashPlanFlags, context: CommandContext): Promise<CommandResult> {
  const desired = await readDesired(flags, context);
  const regions = regionalClients(flags, context);
  const report = { title: "stashkit qstash plan", detailedExitcode: flags.detailedExitcode === true };
  const label = `reading the account for environment ${desired.environment}`;
  if (!namedRegions(regions)) {
    const [only] = regions;
    if (only === undefined) throw new Error("no QStash to read");
    const plan = await context.terminal.progress(
      label,
      planQStash(only.client, desired, { deadline: context.deadline }),
    );
    return planResult(plan, report);
  }
  const results = await context.terminal.progress(
    label,
    inEachRegion(regions, context.deadline, async ({ client }) =>
      planResult(await planQStash(client, desired, { deadline: context.deadline }), report),
    ),
  );
  return regionsResult(results);
}
