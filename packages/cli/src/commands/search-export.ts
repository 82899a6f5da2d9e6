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

interface Exported {
  index: string;
  documents: number;
  file: string | undefined;
}

/**
 * `stashkit search export --name NAME`: the documents of SDK indexes as NDJSON, the seed file
 * format, to stdout or to --output-file (one file per SDK index with `{index}`), streamed page by
 * page with the read-only token. `search seed` (and `search import`) read it back unchanged. An
 * export of no documents fails (and writes no file) unless --allow-empty says it is meant.
 */
export async function run(flags: ExportFlags & Positional, context: CommandContext): Promise<CommandResult> {
  const name = nameExpander(flags, context.env)(databaseName(flags), "--name");
  const asked = [...new Set((flags.index ?? []).map((index) => checkedIndex(index)))];
  const output = flags.outputFile;
  const perIndex = output?.includes("{index}") === true;
  if (!perIndex && asked.length > 1) {
    throw new UsageError(
      "--output-file",
      "several SDK indexes go to several files: give --output-file with {index}, e.g. --output-file 'backup-{index}.ndjson'",
    );
  }
  if (output === undefined && context.common.format !== "text") {
    throw new UsageError(
      "--format",
      "the documents go to stdout: give --output-file to have a --format result as well",
    );
  }
  const filesOf = (indexes: readonly string[]) =>
    output === undefined ? [] : indexes.map((index) => ({ index, path: exportPath(output, index) }));
  if (output !== undefined) checkExportPaths(perIndex ? filesOf(asked) : [{ index: "", path: output }]);
  const { data } = await searchDataClient(managementClient(flags, context), name, context, {
    flag: "--name",
    readOnly: true,
  });
  const indexes = asked.length > 0 ? asked : await everyIndex(data, name, perIndex, context);
  // Every file is known before the first is written: two SDK indexes never go to one.
  if (perIndex) checkExportPaths(filesOf(indexes), { listed: true });
  const keepEmpty = flags.allowEmpty === true;
  const info = await data.info({ deadline: context.deadline });
  const exported: Exported[] = [];
  for (const index of indexes) {
    const file = output === undefined ? undefined : exportPath(output, index);
    const total = info.namespaces[index]?.vectorCount;
    exported.push(await exportOne(data, { name, index, total, file, keepEmpty }, context));
  }
  // Nothing held documents: with --allow-empty and one named file, that file is the empty backup.
  if (indexes.length === 0 && keepEmpty && output !== undefined && !perIndex) {
    await writeExportFile(output, emptyLines(), { keepEmpty });
    exported.push({ index: "", documents: 0, file: output });
  }
  const holding = Object.entries(info.namespaces)
    .filter(([, counts]) => counts.vectorCount + counts.pendingVectorCount > 0)
    .map(([index]) => index);
  return exportReport(name, exported, { keepEmpty, indexes: holding }, context);
}

/** One SDK index to its file (or stdout), with a progress bar: how many documents went. */
async function exportOne(
  data: SearchIndexData,
  target: {
    name: string;
    index: string;
    total: number | undefined;
    file: string | undefined;
    keepEmpty: boolean;
  },
  context: CommandContext,
): Promise<Exported> {
  const { name, index, total, file } = target;
  const progress = writeProgress({
    label: `exporting ${name} / ${index}`,
    total,
    env: context.env,
    quiet: context.common.quiet,
  });
  let written = 0;
  const lines = counted(exportDocumentLines(data, { namespace: index, deadline: context.deadline }), (n) => {
    written = n;
    progress.update(n);
  });
  if (file === undefined) for await (const line of lines) await writeLine(process.stdout, line);
  else await writeExportFile(file, lines, { keepEmpty: target.keepEmpty });
  progress.done();
  return { index, documents: written, file };
}

/** `--name`, or the search index given as the argument (the older form, still taken). */
function databaseName(flags: ExportFlags & Positional): string {
  const given = [...(flags.name === undefined ? [] : [flags.name]), ...(flags.names ?? [])];
  if (given.length > 1)
    throw new UsageError("--name", "name the search index once: --name NAME (or as the argument)");
  return nonEmpty(given[0], "--name");
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
      `${name} has ${indexes.length} SDK indexes holding documents (${indexes.join(", ")}): name one with --index, or give --output-file with {index}`,
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

async function* emptyLines(): AsyncGenerator<string> {}

const shown = (index: string) => index || "(default namespace)";

function exportReport(
  name: string,
  exported: Exported[],
  found: { keepEmpty: boolean; indexes: readonly string[] },
  context: CommandContext,
): CommandResult {
  const lines = exported.map(
    (e) =>
      `${name} / ${shown(e.index)}: ${e.documents} documents${e.file === undefined ? "" : e.documents > 0 || found.keepEmpty ? ` to ${e.file}` : " (no file written)"}.`,
  );
  const toStdout = exported.some((e) => e.file === undefined);
  // The documents hold stdout: what was done is said on stderr.
  if (toStdout && !context.common.quiet) for (const line of lines) context.terminal.err(line);
  const empty = exported.filter((e) => e.documents === 0);
  const failure =
    found.keepEmpty || (exported.length > 0 && empty.length === 0)
      ? undefined
      : new Error(emptyExport(name, empty, found.indexes));
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
    ...(failure === undefined ? {} : { failure }),
  };
}

/** Why an export of nothing fails, and what the SDK indexes that exist are called (a typo in --index). */
function emptyExport(name: string, empty: readonly Exported[], indexes: readonly string[]): string {
  const what =
    empty.length === 0
      ? `${name} holds no documents`
      : `${empty.map((e) => `${name} / ${shown(e.index)}`).join(", ")} ${empty.length === 1 ? "holds" : "hold"} no documents`;
  const others = indexes.filter((index) => index !== SEED_MARKER_NAMESPACE).map(shown);
  const known = others.length === 0 ? "" : ` (its SDK indexes holding documents: ${others.join(", ")})`;
  return `nothing exported: ${what}${known}; an empty backup is not written unless --allow-empty says it is meant`;
}
