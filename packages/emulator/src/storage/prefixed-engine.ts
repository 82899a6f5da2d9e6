import type { z } from "zod";
import type { StorageEngine } from "./engine.ts";
import type { Table } from "./table.ts";
import type { TableOptions } from "./table-declaration.ts";

/**
 * The same engine with every table's name prefixed (`us_east_1_messaging_queues`): a second
 * set of the same stores, kept apart from the first in one file and one unit of work. Committing
 * and closing stay the owner's, through the engine itself.
 */
export function prefixedEngine(engine: StorageEngine, prefix: string): StorageEngine {
  return {
    kind: engine.kind,
    get units() {
      return engine.units;
    },
    table<S extends z.ZodType>(name: string, schema: S, options?: TableOptions): Table<z.output<S>> {
      return engine.table(`${prefix}${name}`, schema, options);
    },
    sql: () => engine.sql(),
    commit: () => engine.commit(),
    commitSoon: () => engine.commitSoon(),
    close() {
      throw new Error("a prefixed engine is closed through the engine it prefixes");
    },
    abandon() {
      throw new Error("a prefixed engine is abandoned through the engine it prefixes");
    },
  };
}
