import { planQStash } from "@stashkit/core";
import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { readDesired } from "./qstash-declaration.ts";
import type { QStashPlanFlags } from "./qstash-plan.flags.ts";
import { planResult } from "./qstash-result.ts";

/** `stashkit qstash plan`: what apply would create, update and delete; reads only. */
export async function run(flags: QStashPlanFlags, context: CommandContext): Promise<CommandResult> {
  const desired = await readDesired(flags, context);
  const client = messagingClient(flags, context);
  const plan = await context.terminal.progress(
    `reading the account for environment ${desired.environment}`,
    planQStash(client, desired, { deadline: context.deadline }),
  );
  return planResult(plan, {
    title: "stashkit qstash plan",
    detailedExitcode: flags.detailedExitcode === true,
  });
}
