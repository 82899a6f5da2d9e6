/** Rows of the first Markdown table under `## <heading>`: the first cell (without backticks) → the cells. */
export function readmeTable(markdown: string, heading: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  const start = markdown.search(new RegExp(`^## ${heading}\\s*$`, "m"));
  if (start < 0) return rows;
  const lines = markdown.slice(start).split("\n").slice(1);
  let inTable = false;
  for (const line of lines) {
    if (line.startsWith("## ")) break;
    if (!line.startsWith("|")) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line
      .slice(1, line.endsWith("|") ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    const key = cells[0]?.replace(/`/g, "") ?? "";
    if (key === "" || /^-+$/.test(key) || !cells[0]?.startsWith("`")) continue;
    rows.set(key, cells);
  }
  return rows;
}
