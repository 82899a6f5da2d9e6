import type { Command } from "commander";
import { addCommand, examples } from "../command.ts";
import { qstashApply } from "./qstash-apply.command.ts";
import { qstashDestroy } from "./qstash-destroy.command.ts";
import { qstashExport } from "./qstash-export.command.ts";
import { qstashMigrate } from "./qstash-migrate.command.ts";
import { qstashPlan } from "./qstash-plan.command.ts";
import { qstashPrune } from "./qstash-prune.command.ts";

/** `stashkit qstash …`: the group and its commands. */
export function addQStashCommands(program: Command): void {
  const qstash = program
    .command("qstash")
    .description("schedules, URL groups and queues declared in a file, per environment (messaging API)")
    .addHelpText(
      "after",
      examples([
        "stashkit qstash plan --env production --format markdown",
        "stashkit qstash apply --env preview --pr 42",
        "stashkit qstash destroy --env preview --pr 42",
      ]),
    );
  addCommand(qstash, qstashPlan);
  addCommand(qstash, qstashApply);
  addCommand(qstash, qstashDestroy);
  addCommand(qstash, qstashPrune);
  addCommand(qstash, qstashExport);
  addCommand(qstash, qstashMigrate);
}
