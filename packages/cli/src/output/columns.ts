import { oneLine } from "./escape.ts";

/**
 * Rows as lines whose columns line up: each cell padded to its column's widest (after escaping,
 * which is what is printed), two spaces apart, the last column unpadded.
 */
export function columns(rows: readonly (readonly string[])[]): string[] {
  const cells = rows.map((row) => row.map((cell) => oneLine(cell)));
  const widths: number[] = [];
  for (const row of cells) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return cells.map((row) =>
    row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  "),
  );
}

const UNITS = [
  ["d", 86_400],
  ["h", 3_600],
  ["m", 60],
] as const;

/** "3d", "5h", "12m", "40s": an age at a glance, in its largest whole unit. */
export function shortAge(seconds: number): string {
  for (const [unit, size] of UNITS) if (seconds >= size) return `${Math.floor(seconds / size)}${unit}`;
  return `${Math.max(0, Math.floor(seconds))}s`;
}
