import {
  MAX_DLQ_MESSAGES,
  parseHeaderNames,
  type ReplayRecord,
  recordedDlq,
  withholdRecordSecrets,
} from "@stashkit/core/internal";
import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import { outputFileProblem } from "../output/secret-file.ts";
import { UsageError } from "../usage-error.ts";
import type { DlqExportFlags } from "./dlq-export.flags.ts";
import { writeExportFile, writeLine } from "./export-files.ts";
import { readMessageFilter } from "./message-filter.ts";
import { writeProgress } from "./write-progress.ts";

interface Tally {
  messages: number;
  runs: number;
  withheld: Set<string>;
}

/**
 * `stashkit dlq export`: the DLQ entries the filters select, one record a line (what `stashkit
 * replay --from-file` reads), to stdout or --output, page by page with GETs only. Secret headers
 * are left out unless --keep-headers names them; their names are kept in `withheldHeaders`.
 */
export async function run(flags: DlqExportFlags, context: CommandContext): Promise<CommandResult> {
  const filter = readMessageFilter(flags);
  const keep = parseHeaderNames(flags.keepHeaders ?? [], "--keep-headers");
  const file = flags.output?.trim() || undefined;
  if (file === undefined && context.common.format !== "text") {
    throw new UsageError(
      "--format",
      "the records go to stdout: give --output to have a --format result as well",
    );
  }
  const problem = file === undefined ? undefined : outputFileProblem(file);
  if (problem !== undefined) throw new UsageError("--output", `--output: ${problem}`);
  const client = messagingClient(flags, context);
  const tally: Tally = { messages: 0, runs: 0, withheld: new Set() };
  const progress = writeProgress({
    label: "exporting the DLQ",
    total: undefined,
    unit: "records",
    env: context.env,
    quiet: context.common.quiet,
  });
  const records = recordedDlq(client, { filter, deadline: context.deadline });
  let truncated = false;
  const lines = async function* () {
    for (;;) {
      const next = await records.next();
      if (next.done) {
        truncated = next.value.truncated;
        return;
      }
      const record = withholdRecordSecrets(next.value, keep);
      count(record, tally);
      progress.update(tally.messages + tally.runs);
      yield JSON.stringify(record);
    }
  };
  if (file === undefined) for await (const line of lines()) await writeLine(process.stdout, line);
  else await writeExportFile(file, lines());
  progress.done();
  return exportReport(tally, file, truncated, context);
}

function count(record: ReplayRecord, tally: Tally): void {
  if (record.kind === "run") tally.runs++;
  else tally.messages++;
  const withheld = record.kind === "run" ? record.next?.withheldHeaders : record.withheldHeaders;
  for (const name of withheld ?? []) tally.withheld.add(name);
}

function exportReport(
  tally: Tally,
  file: string | undefined,
  truncated: boolean,
  context: CommandContext,
): CommandResult {
  const runs = tally.runs === 0 ? "" : ` and ${tally.runs} Workflow ${tally.runs === 1 ? "run" : "runs"}`;
  const line = `${tally.messages} DLQ ${tally.messages === 1 ? "message" : "messages"}${runs} exported${file ? ` to ${file}` : ""}.`;
  // The records hold stdout: what was done is said on stderr.
  if (file === undefined && !context.common.quiet) context.terminal.err(line);
  const withheld = [...tally.withheld].sort();
  return {
    lines: file === undefined ? [] : [line],
    json: () => ({
      messages: tally.messages,
      runs: tally.runs,
      file: file ?? null,
      withheldHeaders: withheld,
      truncated,
    }),
    fields: [{ env: "STASHKIT_EXPORTED", output: "exported", value: String(tally.messages + tally.runs) }],
    warnings: [
      ...(withheld.length === 0
        ? []
        : [`secret headers left out: ${withheld.join(", ")}; name them in --keep-headers to keep them`]),
      ...(truncated
        ? [`stopped at ${MAX_DLQ_MESSAGES} DLQ messages: narrow it with --queue, --label or --url`]
        : []),
    ],
  };
}
