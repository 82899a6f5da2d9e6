import { z } from "zod";
import type { StorageEngine } from "../../storage/engine.ts";
import { type RecordStore, recordStore } from "../../storage/record-store.ts";
import { flowControlLimits } from "./message-record.ts";

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
export type FlowControlStore = RecordStore<StoredFlowControlKey>;

export function flowControlStore(engine: StorageEngine): FlowControlStore {
  return recordStore(engine.table("messaging_flow_control", storedFlowControlKey), (record) => record.key);
}
