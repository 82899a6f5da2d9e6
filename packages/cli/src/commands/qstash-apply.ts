import { applyQStash } from "@stashkit/core";
import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import type { QStashApplyFlags } from "./qstash-apply.flags.ts";
import { readDesired } from "./qstash-declaration.ts";
import { appliedResult } from "./qstash-result.ts";

/** `stashkit qstash apply`: makes the account match the file for one environment. */
export async function run(flags: QStashApplyFlags, context: CommandContext): Promise<CommandResult> {
  const desired = await readDesired(flags, context);
  const client = messagingClient(flags, context);
  const result = await context.terminal.progress(
    `applying environment ${desired.environment}`,
    applyQStash(client, desired, {
      deadline: context.deadline,
      dryRun: flags.dryRun === true,
      allowDelete: flags.allowDelete === true,
      force: flags.force === true,
    }),
  );
  return appliedResult(result, {
    title: "stashkit qstash apply",
    detailedExitcode: flags.detailedExitcode === true,
  });
}
