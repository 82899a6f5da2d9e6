type SqliteModule = typeof import("node:sqlite");

let loaded: SqliteModule | undefined;

/** The Node this emulator needs: the first 22.x whose `node:sqlite` needs no flag. */
export const NODE_NEEDED = "22.13";

/**
 * This Node has no `node:sqlite` (Node 20, 22 before 22.13, or a flag that turned it off): the
 * emulator keeps its state in it (the search documents even in memory), so it does not start.
 */
export class NodeWithoutSqliteError extends Error {
  constructor() {
    super(
      `the emulator needs Node ${NODE_NEEDED} or later (for its built-in node:sqlite); this is Node ${process.version}`,
    );
    this.name = "NodeWithoutSqliteError";
  }
}

/**
 * Node's built-in SQLite, loaded on first use. Node 22 prints an ExperimentalWarning when the
 * module loads (Node 24 does not); users of the emulator did not ask for SQLite, so that one
 * warning is dropped while it loads, and every other warning still shows. Without it, a
 * `NodeWithoutSqliteError` (a start checks this first, so no request ever meets it).
 */
export function sqliteModule(): SqliteModule {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function withoutSqliteNotice(this: NodeJS.Process, warning, ...rest: unknown[]) {
    if (isSqliteNotice(warning, rest[0])) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  let module: SqliteModule | undefined;
  try {
    // `getBuiltinModule` itself came in Node 20.16 and 22.3.
    module = process.getBuiltinModule?.("node:sqlite") as SqliteModule | undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
  if (typeof module?.DatabaseSync !== "function") throw new NodeWithoutSqliteError();
  loaded = module;
  return loaded;
}

function isSqliteNotice(warning: string | Error, typeOrOptions: unknown): boolean {
  const type =
    typeof typeOrOptions === "string"
      ? typeOrOptions
      : (typeOrOptions as { type?: unknown } | undefined)?.type;
  const text = typeof warning === "string" ? warning : warning.message;
  return type === "ExperimentalWarning" && /\bSQLite\b/.test(text);
}
