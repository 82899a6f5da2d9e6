/**
 * Makes text from an input or an API answer render as that text in Markdown (a job summary, a
 * pull request comment): one line (CR and LF become spaces, so it cannot end a table row or leave
 * a block), Markdown and HTML punctuation backslash-escaped (no image, link, emphasis, tag or
 * table cell can come from it). `-`, `.`, `:`, `/`, `,` and `@` stay as they are: names read
 * better, and none can start markup inside a line.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r\n|\r|\n/g, " ").replace(/[\\`*_{}[\]()#+!|<>~&$]/g, "\\$&");
}

/** A Markdown table. Every cell is escaped (`escapeMarkdown`). */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(escapeMarkdown).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
