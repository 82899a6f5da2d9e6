import { writeFileSync } from "node:fs";
import { exportQStash } from "@stashkit/core";
import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nonEmpty } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import type { QStashExportFlags } from "./qstash-export.flags.ts";

/**
 * `stashkit qstash export`: a declaration file from the account as it is. Header values (but
 * Content-Type's) are never written: each becomes a `${NAME}` the lines list, to set before a plan.
 */
export async function run(flags: QStashExportFlags, context: CommandContext): Promise<CommandResult> {
  const environment = nonEmpty(flags.env, "--env");
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(environment)) {
    throw new UsageError(
      "--env",
      `--env ${JSON.stringify(environment)}: an environment's name may contain only letters, digits, - and _`,
    );
  }
  const output = flags.outputFile === undefined ? undefined : nonEmpty(flags.outputFile, "--output-file");
  const client = messagingClient(flags, context);
  const exported = await context.terminal.progress(
    "reading the account",
    exportQStash(client, {
      environment,
      format: output?.endsWith(".json") ? "json" : "yaml",
      deadline: context.deadline,
    }),
  );
  const notes = [
    ...exported.variables.map(
      (v) => `set ${v.name}: header ${v.header} of schedule ${v.schedule} (its value is not written)`,
    ),
    ...exported.skipped.map((s) => `schedule ${s.schedule} left out: ${s.why}`),
  ];
  if (output !== undefined) writeFileSync(output, exported.text);
  const lines =
    output === undefined ? exported.text.replace(/\n$/, "").split("\n") : [`wrote ${output}`, ...notes];
  return {
    lines,
    json: () => ({ declaration: exported.text, variables: exported.variables, skipped: exported.skipped }),
    fields: [
      {
        env: "STASHKIT_DECLARATION_VARIABLES",
        output: "variables",
        value: exported.variables.map((v) => v.name).join(","),
      },
    ],
    warnings: output === undefined ? notes : [],
  };
}
