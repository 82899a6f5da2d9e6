import { destroyQStash } from "@stashkit/core";
import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { readNames } from "./qstash-declaration.ts";
import type { QStashDestroyFlags } from "./qstash-destroy.flags.ts";
import { appliedResult } from "./qstash-result.ts";

/** `stashkit qstash destroy`: deletes what one environment owns (a closed pull request's preview). */
export async function run(flags: QStashDestroyFlags, context: CommandContext): Promise<CommandResult> {
  const names = await readNames(flags, context);
  const client = messagingClient(flags, context);
  const result = await context.terminal.progress(
    `destroying environment ${names.environment}`,
    destroyQStash(client, names, {
      deadline: context.deadline,
      dryRun: flags.dryRun === true,
      allowDelete: flags.allowDelete === true,
      force: flags.force === true,
    }),
  );
  return appliedResult(result, { title: "stashkit qstash destroy", detailedExitcode: false });
}
