import { z } from "zod";
import type { StorageEngine } from "../../storage/engine.ts";
import { type Table, valuesOf } from "../../storage/table.ts";
import { flowControlLimits } from "../messages/record.ts";

export const storedFlowControlKey = z.looseObject({
  key: z.string(),
  paused: z.boolean(),
  /** The limits of the latest message published with this key. */
  limits: flowControlLimits,
  /** Limits pinned by `POST /v2/flowControl/{key}/pin`; they win over `limits`. */
  pinned: flowControlLimits,
  createdAt: z.number(),
});

export type StoredFlowControlKey = z.infer<typeof storedFlowControlKey>;

/** Flow-control keys: whether each is paused, and its limits. */
export interface FlowControlStore {
  get(key: string): StoredFlowControlKey | undefined;
  list(): StoredFlowControlKey[];
  put(record: StoredFlowControlKey): void;
  clear(): void;
}

export function flowControlStore(engine: StorageEngine): FlowControlStore {
  return new FlowControlTable(engine.table<StoredFlowControlKey>("messaging_flow_control"));
}

class FlowControlTable implements FlowControlStore {
  readonly #table: Table<StoredFlowControlKey>;

  constructor(table: Table<StoredFlowControlKey>) {
    this.#table = table;
  }

  get(key: string): StoredFlowControlKey | undefined {
    return this.#table.get(key);
  }

  list(): StoredFlowControlKey[] {
    return [...valuesOf(this.#table.scan())];
  }

  put(record: StoredFlowControlKey): void {
    this.#table.put(record.key, record);
  }

  clear(): void {
    this.#table.clear();
  }
}
