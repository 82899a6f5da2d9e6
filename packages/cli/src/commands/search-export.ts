import { exportDocumentLines, IndexLookupError, type SearchIndexData } from "@stashkit/core";
import { SEED_MARKER_NAMESPACE, sdkIndexesWithDocuments, validateNamespace } from "@stashkit/core/internal";
import { managementClient, searchDataClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nonEmpty } from "../options/common.ts";
import type { Positional } from "../options/flags.ts";
import { nameExpander } from "../options/run-values.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { checkExportPaths, exportPath, writeExportFile, writeLine } from "./export-files.ts";
import type { ExportFlags } from "./search-export.flags.ts";
import { writeProgress } from "./write-progress.ts";

/**
 * `stashkit search export NAME`: the documents of SDK indexes as NDJSON, the seed file format, to
 * stdout or to --output (one file per SDK index with `{index}`), streamed page by page with the
 * read-only token. `search seed` (and `search import`) read it back unchanged.
 */
export async function run(flags: ExportFlags & Positional, context: CommandContext): Promise<CommandResult> {
  const name = nameExpander(flags, context.env)(nonEmpty(flags.names?.[0], "<name>"), "<name>");
  const asked = (flags.index ?? []).map((index) => checkedIndex(index));
  const perIndex = flags.output?.includes("{index}") === true;
  if (!perIndex && asked.length > 1) {
    throw new UsageError(
      "--output",
      "several SDK indexes go to several files: give --output with {index}, e.g. --output 'backup-{index}.ndjson'",
    );
  }
  if (flags.output === undefined && context.common.format !== "text") {
    throw new UsageError(
      "--format",
      "the documents go to stdout: give --output to have a --format result as well",
    );
  }
  if (flags.output !== undefined && asked.length > 0)
    checkExportPaths(asked.map((i) => exportPath(flags.output ?? "", i)));
  const { data } = await searchDataClient(managementClient(flags, context), name, context, {
    flag: "<name>",
    readOnly: true,
  });
  const indexes = asked.length > 0 ? asked : await everyIndex(data, name, perIndex, context);
  const info = await data.info({ deadline: context.deadline });
  const exported: { index: string; documents: number; file: string | undefined }[] = [];
  for (const index of indexes) {
    const file = flags.output === undefined ? undefined : exportPath(flags.output, index);
    const progress = writeProgress({
      label: `exporting ${name} / ${index}`,
      total: info.namespaces[index]?.vectorCount,
      env: context.env,
      quiet: context.common.quiet,
    });
    let written = 0;
    const lines = counted(
      exportDocumentLines(data, { namespace: index, deadline: context.deadline }),
      (n) => {
        written = n;
        progress.update(n);
      },
    );
    if (file === undefined) for await (const line of lines) await writeLine(process.stdout, line);
    else await writeExportFile(file, lines);
    progress.done();
    exported.push({ index, documents: written, file });
  }
  return exportReport(name, exported, context);
}

function checkedIndex(index: string): string {
  const checked = validateNamespace(index, "--index");
  if (checked === SEED_MARKER_NAMESPACE)
    throw new UsageError(
      "--index",
      `--index "${SEED_MARKER_NAMESPACE}" holds stashkit's seed records, not documents`,
    );
  return checked;
}

/** Every SDK index holding documents; to one file (or stdout) only when there is exactly one. */
async function everyIndex(
  data: SearchIndexData,
  name: string,
  perIndex: boolean,
  context: CommandContext,
): Promise<string[]> {
  const indexes = await sdkIndexesWithDocuments(data, { deadline: context.deadline });
  if (!perIndex && indexes.length > 1) {
    throw new IndexLookupError(
      "--index",
      `${name} has ${indexes.length} SDK indexes holding documents (${indexes.join(", ")}): name one with --index, or give --output with {index}`,
      indexes.length,
    );
  }
  return indexes;
}

async function* counted(lines: AsyncIterable<string>, onCount: (n: number) => void): AsyncGenerator<string> {
  let n = 0;
  for await (const line of lines) {
    yield line;
    onCount(++n);
  }
}

function exportReport(
  name: string,
  exported: { index: string; documents: number; file: string | undefined }[],
  context: CommandContext,
): CommandResult {
  const lines = exported.map(
    (e) =>
      `${name} / ${e.index || "(default namespace)"}: ${e.documents} documents${e.file ? ` to ${e.file}` : ""}.`,
  );
  const toStdout = exported.some((e) => e.file === undefined);
  // The documents hold stdout: what was done is said on stderr.
  if (toStdout && !context.common.quiet) for (const line of lines) context.terminal.err(line);
  return {
    lines: toStdout ? [] : lines,
    json: () => ({ name, indexes: exported }),
    fields: [
      {
        env: "STASHKIT_EXPORTED",
        output: "exported",
        value: String(exported.reduce((sum, e) => sum + e.documents, 0)),
      },
    ],
    warnings: [],
  };
}
