import * as core from "./runner/commands.ts";

/** A Markdown table for the job summary. Cells are escaped so a name cannot break the layout. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ").replace(/</g, "&lt;");
}

/**
 * Appends to the job summary when the runner supports one. Local runners and older servers
 * may not set GITHUB_STEP_SUMMARY; a missing summary must not fail a step that did its work.
 */
export function writeSummary(markdown: string): void {
  if (!core.appendSummary(markdown)) core.debug("GITHUB_STEP_SUMMARY is not set; no job summary written");
}
