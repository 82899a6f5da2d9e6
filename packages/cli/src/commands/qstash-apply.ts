import { type ApplyQStashOptions, applyQStash, type QStashAccount } from "@stashkit/core";
import { regionalClients } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import type { QStashApplyFlags } from "./qstash-apply.flags.ts";
import { readDesired } from "./qstash-declaration.ts";
import { inEachRegion, namedRegions, regionsResult } from "./qstash-regions.ts";
import { appliedResult } from "./qstash-result.ts";

/**
 * `stashkit qstash apply`: makes the account match the file for one environment. Across QStash's
 * regions (the SDK's multi-region variables), each region (--region picks one): every region is
 * read and dry-run first, so another region's token or a protected delete in any region stops
 * it before any write in any region.
 */
export async function run(flags: QStashApplyFlags, context: CommandContext): Promise<CommandResult> {
  const desired = await readDesired(flags, context);
  const regions = regionalClients(flags, context);
  const options: ApplyQStashOptions = {
    deadline: context.deadline,
    dryRun: flags.dryRun === true,
    allowDelete: flags.allowDelete === true,
    force: flags.force === true,
  };
  const report = { title: "stashkit qstash apply", detailedExitcode: flags.detailedExitcode === true };
  const apply = (client: QStashAccount, dryRun = options.dryRun) =>
    applyQStash(client, desired, { ...options, dryRun });
  const label = `applying environment ${desired.environment}`;
  if (!namedRegions(regions)) {
    const [only] = regions;
    if (only === undefined) throw new Error("no QStash to apply to");
    return appliedResult(await context.terminal.progress(label, apply(only.client)), report);
  }
  const work = async () => {
    const trial = await inEachRegion(regions, context.deadline, async ({ client }) =>
      appliedResult(await apply(client, true), report),
    );
    // A region that refuses (a protected delete) stops every region: nothing was sent anywhere.
    if (options.dryRun || trial.some(({ result }) => result.failure !== undefined)) return trial;
    return inEachRegion(regions, context.deadline, async ({ client }) =>
      appliedResult(await apply(client), report),
    );
  };
  return regionsResult(await context.terminal.progress(label, work()));
}
