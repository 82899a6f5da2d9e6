import * as core from "./runner/commands.ts";

/**
 * Makes text from an input or an API answer render as that text in the job summary: one line
 * (CR and LF become spaces, so it cannot end a table row or leave a block), Markdown and HTML
 * punctuation backslash-escaped (no image, link, emphasis, tag or table cell can come from it).
 * `-`, `.`, `:`, `/`, `,` and `@` stay as they are: names read better, and none can start markup
 * inside a line.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r\n|\r|\n/g, " ").replace(/[\\`*_{}[\]()#+!|<>~&$]/g, "\\$&");
}

/** A Markdown table for the job summary. Every cell is escaped (`escapeMarkdown`). */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(escapeMarkdown).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * Appends to the job summary when the runner supports one. Local runners and older servers
 * may not set GITHUB_STEP_SUMMARY; a missing summary must not fail a step that did its work.
 */
export function writeSummary(markdown: string): void {
  if (!core.appendSummary(markdown)) core.debug("GITHUB_STEP_SUMMARY is not set; no job summary written");
}
