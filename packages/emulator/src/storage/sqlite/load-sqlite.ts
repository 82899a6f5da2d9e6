type SqliteModule = typeof import("node:sqlite");

let loaded: SqliteModule | undefined;

/**
 * Node's built-in SQLite, loaded on first use. Node 22 prints an ExperimentalWarning when the
 * module loads (Node 24 does not); users of the emulator did not ask for SQLite, so that one
 * warning is dropped while it loads, and every other warning still shows.
 */
export function sqliteModule(): SqliteModule {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function withoutSqliteNotice(this: NodeJS.Process, warning, ...rest: unknown[]) {
    if (isSqliteNotice(warning, rest[0])) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = process.getBuiltinModule("node:sqlite") as SqliteModule;
  } finally {
    process.emitWarning = emitWarning;
  }
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
