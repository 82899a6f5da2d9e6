/**
 * A job summary as a terminal should show it: readable text, not the Markdown the runner
 * renders. The summaries are written by action-kit (`escapeMarkdown`, `markdownTable`), so this
 * reads exactly that subset: headings, tables, `> [!WARNING]` alerts and backslash escapes. The
 * GitHub job summary file itself keeps its Markdown.
 */
export function summaryText(markdown: string): string {
  const out: string[] = [];
  let table: string[][] = [];
  let label = "";
  const flushTable = () => {
    if (table.length > 0) out.push(...alignedRows(table));
    table = [];
  };
  for (const line of markdown.split("\n")) {
    if (line.startsWith("|")) {
      const cells = tableCells(line);
      // The row under the header, "| --- | --- |", is Markdown syntax only.
      if (!cells.every((cell) => /^:?-+:?$/.test(cell))) table.push(cells);
      continue;
    }
    flushTable();
    const quoted = /^> ?(.*)$/.exec(line)?.[1];
    const alert = quoted === undefined ? undefined : /^\[!(\w+)\]$/.exec(quoted)?.[1];
    if (alert !== undefined) label = `${alert.toLowerCase()}: `;
    else if (quoted !== undefined) {
      out.push(`${label}${unescape(quoted)}`);
      label = "";
    } else out.push(unescape(line.replace(/^#{1,6} /, "")));
  }
  flushTable();
  return out.join("\n");
}

/** CommonMark's backslash escapes of ASCII punctuation, undone. */
function unescape(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, "$1");
}

/** The cells of one table row, unescaped; an escaped `|` stays inside its cell. */
function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  const body = row.trim().replace(/^\|/, "");
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (char === "\\" && i + 1 < body.length) cell += body[++i];
    else if (char === "|") {
      cells.push(cell.trim());
      cell = "";
    } else cell += char;
  }
  if (cell.trim() !== "") cells.push(cell.trim());
  return cells;
}

/** The rows in columns, each as wide as its widest cell, two spaces apart. */
function alignedRows(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd(),
  );
}
