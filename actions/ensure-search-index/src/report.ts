import { escapeMarkdown, markdownTable, registerSecrets, runner, writeSummary } from "@stashkit/action-kit";
import type { EnsureResult, IndexRef, SeedReport } from "@stashkit/core";
import type { EnsureInputs } from "./inputs.ts";
import { ensureOutputs, secretOutputs } from "./outputs.ts";

/** Everything the runner hears about an ensured index: masks first, then warnings, outputs, log and summary. */
export function reportEnsured(
  result: EnsureResult,
  inputs: Pick<EnsureInputs, "maskEndpoint" | "exportEnv">,
): void {
  const outputs = ensureOutputs(result);
  registerSecrets(...secretOutputs(outputs, inputs.maskEndpoint));
  for (const warning of result.warnings) runner.warning(warning);
  for (const [name, value] of Object.entries(outputs)) runner.setOutput(name, value);
  if (inputs.exportEnv) {
    runner.exportVariable("UPSTASH_SEARCH_REST_URL", outputs["rest-url"] ?? "");
    runner.exportVariable("UPSTASH_SEARCH_REST_TOKEN", outputs["token"] ?? "");
  }
  runner.info(
    `Search index ${outputs["name"]} (${outputs["id"]}) ${result.created ? "created" : "already existed"}.`,
  );
  writeSummary(ensureSummary(result, inputs.maskEndpoint));
}

export function reportEphemeralDeleted(index: IndexRef): void {
  runner.info(`Ephemeral search index ${index.name} (${index.id}) deleted.`);
  writeSummary(
    `### Ephemeral search index deleted\n\n${escapeMarkdown(index.name)} (${escapeMarkdown(index.id)})\n`,
  );
}

/** The job summary: what the index is, never a token, the endpoint only when it is not masked. */
export function ensureSummary(result: EnsureResult, maskEndpoint: boolean): string {
  const { index } = result;
  const table = markdownTable(
    ["name", "id", "region", "type", "endpoint", "created"],
    [
      [
        index.name,
        index.id,
        index.region,
        index.type,
        maskEndpoint ? "(masked)" : index.endpoint,
        String(result.created),
      ],
    ],
  );
  // Warnings carry server values (ids, regions): escaped, each stays one line of its own block.
  const warnings = result.warnings
    .map((warning) => `> [!WARNING]\n> ${escapeMarkdown(warning)}`)
    .join("\n\n");
  return `### Search index ${result.created ? "created" : "found"}\n\n${table}\n${warnings ? `\n${warnings}\n` : ""}`;
}

/** The `seeded` output, a log line and a summary row per SDK index filled. */
export function reportSeeded(report: SeedReport): void {
  runner.setOutput("seeded", String(report.written));
  if (report.indexes.length === 0) return;
  for (const entry of report.indexes) {
    runner.info(
      entry.seeded
        ? `SDK index ${entry.index}: ${entry.written} documents written in ${(entry.ms / 1000).toFixed(1)} s.`
        : `SDK index ${entry.index}: seeded before, nothing written (seed-when: always writes again).`,
    );
  }
  const rows = report.indexes.map((entry) => [
    entry.index,
    entry.seeded ? String(entry.written) : "0: seeded before",
    `${(entry.ms / 1000).toFixed(1)} s`,
  ]);
  writeSummary(`\n### Seeded\n\n${markdownTable(["SDK index", "documents written", "time"], rows)}\n`);
}
