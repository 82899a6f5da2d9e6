import type { Position, Table } from "./table.ts";

/** A cursor this API did not give. */
export class CursorError extends Error {
  readonly cursor: string;

  constructor(cursor: string) {
    super(`cursor "${cursor}" is not one this API gave`);
    this.name = "CursorError";
    this.cursor = cursor;
  }
}

/**
 * A page of a table read in order from a cursor, the cursor being the position of the last
 * entry of the page before (so it stays right when entries of earlier pages are removed).
 */
export function pageOf<T>(
  table: Table<T>,
  request: { accept(value: T): boolean; cursor: string | undefined; limit: number; newestFirst?: boolean },
): { entries: T[]; next?: string } {
  const after = parsedCursor(request.cursor);
  const entries: T[] = [];
  let last: Position | undefined;
  const options = { newestFirst: request.newestFirst === true, ...(after === undefined ? {} : { after }) };
  for (const entry of table.scan(options)) {
    if (!request.accept(entry.value)) continue;
    if (entries.length === request.limit) return { entries, next: String(last) };
    entries.push(entry.value);
    last = entry.position;
  }
  return { entries };
}

function parsedCursor(cursor: string | undefined): Position | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  if (!/^[0-9]{1,15}$/.test(cursor)) throw new CursorError(cursor);
  return Number(cursor);
}
