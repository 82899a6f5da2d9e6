import type { Clock } from "../../../clock/clock.ts";
import type { RegionName } from "../../../regions/region-names.ts";
import type { SigningKeys } from "../../../signing/keys.ts";
import type { DlqStore } from "../../records/dlq-store.ts";
import type { MessageStore, QueueStore } from "../../records/queue-store.ts";
import type { FlowControl } from "../flow-control.ts";
import type { DeliveryHooks } from "./attempt.ts";
import type { DeliveryRecord } from "./delivered.ts";
import type { DeliveryGate } from "./delivery-gate.ts";
import type { DestinationFaults } from "./destination-faults.ts";

/** What delivery is made with: the stores it moves messages through, the clock, its settings and hooks. */
export interface DeliveryOptions {
  queues: QueueStore;
  messages: MessageStore;
  dlq: DlqStore;
  clock: Clock;
  flow: FlowControl;
  signingKeys(): SigningKeys;
  /** Multiplies the documented retry backoff (1 = as documented). */
  backoffScale: number;
  /** Longest a destination may take when the message sets no `Upstash-Timeout`. */
  timeoutMs: number;
  hooks: DeliveryHooks;
  /** Runs what an attempt changes (the message, the DLQ, what the hooks do) as one unit of work. */
  background<T>(work: () => T): T;
  /** Deliveries remembered in `delivered`; past it the oldest go (said once in the log). */
  keptDeliveries: number;
  noticeOnce(topic: string, text: string): void;
  /** What deliveries may reach and how many may be open at once (default: the gate's defaults). */
  gate?: DeliveryGate;
  /** Failures scripted for destinations (`emulator.failDestination`). */
  faults: DestinationFaults;
  /**
   * The region it delivers for (`--regions`): each delivery carries it in `Upstash-Region`, and
   * the delivery record names it. Undefined for the one region of a single-region emulator.
   */
  region?: RegionName | undefined;
  /** Where delivered messages are remembered, when several regions share one record (default: its own). */
  record?: DeliveryRecord;
}
